// Base58 itself lives in src/protocol/base58.ts; re-exported because callers import it from the eip712 entry.
export { base58ToBytes, bytesToBase58 } from '../base58.js';
