// Moved to src/storage, where every service can use it; kept here for the engine's imports.
export { reusableQuery } from '../../storage/reusable-query.js';
