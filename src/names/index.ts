export { systemClock, type Clock } from '../shared/clock.js';
export type { CustodyLookup } from '../chain/custody.js';
export { NAMES_ERRORS, NamesError, type NamesErrorCode } from './errors.js';
export type { Caller, CurrentQuery, NameRegistry } from './registry.js';
export {
  createNamesService,
  startNamesService,
  type NamesChain,
  type NamesService,
  type NamesServiceOptions,
} from './service.js';
export type { Transfer, TransferFilter } from './store.js';
export type { TransferRequest } from './transfer-rules.js';
