export { validateMessage, type ValidationContext } from './validate.js';
export { validateMessageData, type DataContext } from './message-data.js';
export type { ClaimContext } from './verification.js';
export * from './limits.js';
