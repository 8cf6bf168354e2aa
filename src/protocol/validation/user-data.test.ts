import { describe, it } from 'node:test';
import type { HubErrorCode } from '../errors.js';
import { MessageType, UserDataType } from '../gen/message.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, testContext } from './testing.js';

const check = (type: UserDataType, value: string) =>
  validateMessageData(
    makeData({ type: MessageType.USER_DATA_ADD, userDataBody: { type, value } }),
    testContext(),
  );

const {
  PFP,
  DISPLAY,
  BIO,
  URL: URL_TYPE,
  USERNAME,
  LOCATION,
  TWITTER,
  GITHUB,
  BANNER,
  USER_DATA_PRIMARY_ADDRESS_ETHEREUM: ETH,
  USER_DATA_PRIMARY_ADDRESS_SOLANA: SOL,
  PROFILE_TOKEN,
  LIVE_AT,
} = UserDataType;

describe('UserDataAdd', () => {
  it('accepts valid values of every type, and the empty value that clears each one', () => {
    const valid: [UserDataType, string][] = [
      [PFP, 'https://i.imgur.com/x.png'.padEnd(256, 'x')],
      [DISPLAY, '字'.repeat(10) + 'xx'],
      [BIO, '😀'.repeat(64)],
      [URL_TYPE, 'https://example.com'],
      [BANNER, 'https://example.com/b.png'],
      [USERNAME, 'alice'],
      [USERNAME, 'a-1234567890abcd'],
      [USERNAME, 'alice.eth'],
      [USERNAME, 'alice.base.eth'],
      [LOCATION, 'geo:-90.00,180.00'],
      [LOCATION, 'geo:37.77,-122.42'],
      [TWITTER, 'alice_01'],
      [GITHUB, 'alice-bob'],
      [ETH, '0x8ba1f109551bd432803012645ac136ddd64dba72'],
      [ETH, '0x8ba1f109551bD432803012645Ac136ddd64DBA72'],
      [SOL, '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'],
      [PROFILE_TOKEN, 'eip155:8453/erc20:0x4ed4e862860bed51a9570b96d89af5e1b0efefed'],
      [PROFILE_TOKEN, 'eip155:1/erc721:0x06012c8cf97bead5deae237070f9587f8e7a266d/771769'],
      [LIVE_AT, 'https://www.twitch.tv/alice'],
    ];
    for (const [type, value] of valid) assertValid(check(type, value));
    for (const type of [PFP, DISPLAY, BIO, URL_TYPE, BANNER, USERNAME, LOCATION, TWITTER, GITHUB, ETH, SOL]) {
      assertValid(check(type, ''));
    }
    for (const type of [PROFILE_TOKEN, LIVE_AT]) assertValid(check(type, ''));
  });

  const failures: [string, UserDataType, string, string, HubErrorCode?][] = [
    ['a 257-byte pfp', PFP, 'x'.repeat(257), 'pfp value > 256'],
    ['a 33-byte display name', DISPLAY, '字'.repeat(11), 'display value > 32'],
    ['a 257-byte bio', BIO, '😀'.repeat(64) + 'x', 'bio value > 256'],
    ['a 257-byte url', URL_TYPE, 'x'.repeat(257), 'url value > 256'],
    ['a 257-byte banner', BANNER, 'x'.repeat(257), 'banner value > 256'],
    ['unencodable text', BIO, '\uDC00', 'value must be encodable as utf8', 'bad_request.invalid_param'],
    ['a 17-char fname', USERNAME, 'a'.repeat(17), 'fname "aaaaaaaaaaaaaaaaa" > 16 characters'],
    ['an uppercase fname', USERNAME, 'Alice', 'fname "Alice" doesn\'t match /^[a-z0-9][a-z0-9-]{0,15}$/'],
    ['an ENS subdomain', USERNAME, 'a.b.eth', 'fname "a.b.eth" doesn\'t match /^[a-z0-9][a-z0-9-]{0,15}$/'],
    ['a location with one decimal', LOCATION, 'geo:37.7,-122.42', 'Invalid location string'],
    ['a latitude of 91', LOCATION, 'geo:91.00,0.00', 'Latitude value outside valid range'],
    ['a longitude of -181', LOCATION, 'geo:0.00,-181.00', 'Longitude value outside valid range'],
    ['a 16-char twitter handle', TWITTER, 'a'.repeat(16), 'username "aaaaaaaaaaaaaaaa" > 15 characters'],
    ['a twitter handle with a dash', TWITTER, 'a-b', 'username "a-b" doesn\'t match /^[a-z0-9_]{0,15}$/'],
    ['a 39-char github name', GITHUB, 'a'.repeat(39), `username "${'a'.repeat(39)}" > 38 characters`],
    [
      'a github name with a double dash',
      GITHUB,
      'a--b',
      'username "a--b" doesn\'t match /^[a-z\\d](?:[a-z\\d]|-(?!-)){0,38}$/i',
    ],
    ['a 43-byte eth address', ETH, `0x${'a'.repeat(41)}`, 'invalid length for eth address'],
    ['a bad eth checksum', ETH, '0x8ba1f109551bD432803012645Ac136ddd64DBA7B', 'invalid eth address'],
    ['an eth address without 0x', ETH, '8ba1f109551bd432803012645ac136ddd64dba72', 'invalid eth address'],
    ['a 45-byte solana address', SOL, '1'.repeat(45), 'invalid length for sol address'],
    [
      'a non-base58 solana address',
      SOL,
      '0Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
      'invalid sol address',
    ],
    ['a short solana address', SOL, '4Nd1mBQtrMJVYVfKf2PJy9', 'invalid sol address'],
    [
      'a 257-byte profile token',
      PROFILE_TOKEN,
      `eip155:1/erc20:${'a'.repeat(242)}`,
      'profile token value > 256',
    ],
    [
      'a non-CAIP-19 token',
      PROFILE_TOKEN,
      '0x4ed4e862860bed51',
      'profile token is not a valid CAIP-19 token',
    ],
    ['a non-URL live_at', LIVE_AT, 'streaming now', 'live_at is not a valid URL'],
    ['an http live_at', LIVE_AT, 'http://twitch.tv/a', 'live_at must use https'],
    ['a 257-byte live_at', LIVE_AT, `https://${'a'.repeat(249)}`, 'live_at value > 256'],
    ['type NONE', UserDataType.NONE, 'x', 'invalid user data type'],
    ['the unused type 4', 4 as UserDataType, 'x', 'invalid user data type'],
    ['an unknown type', 99 as UserDataType, 'x', 'invalid user data type'],
  ];
  for (const [name, type, value, message, errCode = 'bad_request.validation_failure'] of failures) {
    it(`refuses ${name}`, () => assertProblem(check(type, value), errCode, message));
  }
});
