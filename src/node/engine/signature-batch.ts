/**
 * The wire format between the signature pool and its workers: a batch of checks packed into one
 * transferable buffer. Posting the checks' own Uint8Arrays would clone the whole buffers they view (a
 * decoded message's fields view the request body), so only their bytes are copied, once.
 */

/** One Ed25519 check: `signature` over `message` by the raw `publicKey`. */
export interface SignatureCheck {
  readonly publicKey: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
}

const FIELDS = 3;

/** Layout: u32 count, then u32 lengths (key, message, signature per check), then the bytes in that order. */
export function packChecks(checks: readonly SignatureCheck[]): ArrayBuffer {
  const header = 4 * (1 + FIELDS * checks.length);
  const size = checks.reduce(
    (total, check) => total + check.publicKey.length + check.message.length + check.signature.length,
    header,
  );
  const buffer = new ArrayBuffer(size);
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  view.setUint32(0, checks.length);
  let lengthAt = 4;
  let offset = header;
  for (const check of checks) {
    for (const field of [check.publicKey, check.message, check.signature]) {
      view.setUint32(lengthAt, field.length);
      lengthAt += 4;
      bytes.set(field, offset);
      offset += field.length;
    }
  }
  return buffer;
}

export function unpackChecks(buffer: ArrayBuffer): SignatureCheck[] {
  const view = new DataView(buffer);
  const count = view.getUint32(0);
  let lengthAt = 4;
  let offset = 4 * (1 + FIELDS * count);
  const field = (): Uint8Array => {
    const length = view.getUint32(lengthAt);
    lengthAt += 4;
    offset += length;
    return new Uint8Array(buffer, offset - length, length);
  };
  return Array.from({ length: count }, () => ({ publicKey: field(), message: field(), signature: field() }));
}
