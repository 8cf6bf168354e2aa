import { normalize } from 'viem/ens';
import { invalid, type Problem } from './checks.js';
import { MAX_ENS_NAME_CHARS, MAX_FNAME_CHARS } from './limits.js';

/** Username formats shared by UserDataAdd USERNAME and UsernameProof messages. Lengths are in characters. */

export const FNAME_REGEX = /^[a-z0-9][a-z0-9-]{0,15}$/;
/** Second-level labels an ENS username may use: `name.eth` or the Base subname `name.base.eth`. */
const ENS_PARENT_LABELS: ReadonlySet<string> = new Set(['base']);

export function checkFname(fname: string): Problem {
  if (fname === '') return invalid('fname is missing');
  if (fname.length > MAX_FNAME_CHARS) return invalid(`fname "${fname}" > ${MAX_FNAME_CHARS} characters`);
  if (!FNAME_REGEX.test(fname)) return invalid(`fname "${fname}" doesn't match ${FNAME_REGEX}`);
  return undefined;
}

export function checkEnsName(name: string): Problem {
  if (name === '') return invalid('ensName is missing');
  if (!isNormalizable(name)) return invalid(`ensName "${name}" is not a valid ENS name`);
  if (!name.endsWith('.eth')) return invalid(`ensName "${name}" doesn't end with .eth`);
  const labels = name.split('.');
  const [label, parent] = labels;
  const supported = labels.length === 2 || (labels.length === 3 && ENS_PARENT_LABELS.has(parent ?? ''));
  if (label === undefined || !supported) return invalid(`ensName "${name}" unsupported subdomain`);
  if (name.length > MAX_ENS_NAME_CHARS)
    return invalid(`ensName "${name}" > ${MAX_ENS_NAME_CHARS} characters`);
  if (!FNAME_REGEX.test(label)) return invalid(`ensName "${name}" doesn't match ${FNAME_REGEX}`);
  return undefined;
}

function isNormalizable(name: string): boolean {
  try {
    normalize(name);
    return true;
  } catch {
    return false;
  }
}
