export { signerCounts, signerOf, signerPosition, signersPage } from './reads.js';
export type { SignerCounts, SignerPosition } from './reads.js';
