import { Counter, type Registry } from 'prom-client';
import type { NamesErrorCode } from './errors.js';
import type { Transfer } from './store.js';

/** What the name registry counts on its `/metrics`. */
export interface NamesMetrics {
  /** A transfer stored (a repeat of the latest one is not). */
  stored(transfer: Pick<Transfer, 'from' | 'to'>): void;
  /** A POST /transfers refused, by its error code. */
  refused(code: NamesErrorCode): void;
}

/** A registration comes from fid 0, an unregistration goes to fid 0; anything else moves a name. */
function kindOf(transfer: Pick<Transfer, 'from' | 'to'>): 'register' | 'unregister' | 'transfer' {
  if (transfer.from === 0) return 'register';
  return transfer.to === 0 ? 'unregister' : 'transfer';
}

export function createNamesMetrics(registry: Registry): NamesMetrics {
  const transfers = new Counter({
    name: 'agora_names_transfers_total',
    help: 'Transfers stored, by kind: register, transfer, unregister',
    labelNames: ['kind'],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'agora_names_transfer_refusals_total',
    help: 'POST /transfers refused, by error code',
    labelNames: ['code'],
    registers: [registry],
  });
  return {
    stored: (transfer) => transfers.inc({ kind: kindOf(transfer) }),
    refused: (code) => refusals.inc({ code }),
  };
}
