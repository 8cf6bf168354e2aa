import { isIP } from 'node:net';

/** A caller on this machine (IPv4 127/8, IPv6 ::1, or IPv4 mapped into IPv6): the operator's own tools. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return ip === '::1' || (isIP(v4) === 4 && v4.startsWith('127.'));
}
