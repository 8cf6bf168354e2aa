import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { primaryAddress, primaryAddresses } from '../catalog/primary-addresses.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { Protocol } from './catalog-schemas.js';
import { resultOf } from './envelope.js';
import { Fid } from './common-schemas.js';

/** Spec §8: at most 100 fids per batch call. */
const MAX_FIDS = 100;

const Address = Type.Object({ fid: Type.Integer(), protocol: Protocol, address: Type.String() });

const AddressQuery = Type.Object({ fid: Fid, protocol: Protocol });

const AddressesQuery = Type.Object({
  // Checked by parseFids, so a bad list gets a message that says what is wrong with it.
  fids: Type.String({ maxLength: 4096, description: `Comma-separated fids, at most ${MAX_FIDS}` }),
  protocol: Protocol,
});

const AddressesResponse = resultOf(
  Type.Object({
    addresses: Type.Array(
      Type.Object({ fid: Type.Integer(), success: Type.Boolean(), address: Type.Optional(Address) }),
    ),
  }),
);

/** Primary wallet addresses, one fid or a batch (spec §4.6). */
export function registerPrimaryAddressRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;

  app.get(
    '/fc/primary-address',
    {
      schema: {
        summary: "A user's primary address of one protocol: their choice, else their oldest verified one",
        querystring: AddressQuery,
        response: { 200: resultOf(Type.Object({ address: Address })) },
      },
    },
    async (request) => {
      const { fid, protocol } = request.query;
      const address = await primaryAddress(db, fid, protocol);
      if (address === undefined) {
        throw new SocialError('PRIMARY_ADDRESS_NOT_FOUND', {
          message: `fid ${fid} has no verified ${protocol} address`,
        });
      }
      return { result: { address } };
    },
  );

  app.get(
    '/fc/primary-addresses',
    {
      schema: {
        summary: 'Primary addresses of up to 100 fids, one entry per requested fid in request order',
        querystring: AddressesQuery,
        response: { 200: AddressesResponse },
      },
    },
    async (request) => {
      const fids = parseFids(request.query.fids);
      const found = await primaryAddresses(db, fids, request.query.protocol);
      const addresses = fids.map((fid, index) => {
        const address = found[index];
        return address === undefined ? { fid, success: false } : { fid, success: true, address };
      });
      return { result: { addresses } };
    },
  );
}

function parseFids(list: string): number[] {
  const parts = list.split(',').map((part) => part.trim());
  const fids = parts.map((part) => (/^\d{1,16}$/.test(part) ? Number(part) : NaN));
  if (fids.some((fid) => !Number.isSafeInteger(fid) || fid < 1)) {
    throw new SocialError('INVALID_REQUEST', {
      message: 'fids must be a comma-separated list of positive integers',
    });
  }
  if (fids.length > MAX_FIDS) {
    throw new SocialError('INVALID_REQUEST', { message: `At most ${MAX_FIDS} fids per call` });
  }
  return fids;
}
