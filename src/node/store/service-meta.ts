/** The node's ingestion cursors live in the shared service_meta table. */
export { readMeta, writeMeta } from '../../storage/service-meta.js';
