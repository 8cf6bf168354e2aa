import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as core from '@farcaster/core';
import {
  getAddress,
  toEventSelector,
  toFunctionSelector,
  type Abi,
  type AbiEvent,
  type AbiFunction,
  type AbiParameter,
} from 'viem';
import {
  CANONICAL_ADDRESSES,
  CONTRACT_ABIS,
  contractArtifact,
  CONTRACT_NAMES,
  type ContractName,
} from './contracts.js';

const CORE_ABIS: Record<ContractName, Abi> = {
  idRegistry: core.idRegistryABI,
  idGateway: core.idGatewayABI,
  keyRegistry: core.keyRegistryABI,
  keyGateway: core.keyGatewayABI,
  storageRegistry: core.storageRegistryABI,
  signedKeyRequestValidator: core.signedKeyRequestValidatorABI,
};

/** What clients call (the list): each must exist in ours exactly as in the real contract. */
const CLIENT_FUNCTIONS: Record<ContractName, string[]> = {
  idGateway: ['register', 'registerFor', 'price', 'nonces'],
  keyGateway: ['add', 'addFor', 'nonces'],
  keyRegistry: ['remove', 'removeFor', 'nonces', 'keyDataOf', 'keysOf', 'totalKeys'],
  idRegistry: ['idOf', 'custodyOf', 'recoveryOf', 'transfer', 'changeRecoveryAddress', 'idCounter', 'nonces'],
  storageRegistry: ['rent', 'price', 'unitPrice', 'credit'],
  signedKeyRequestValidator: ['validate'],
};

/** topic0 of each event hubs read (reference/chain.md §2). */
const EVENT_TOPICS: Partial<Record<ContractName, Record<string, string>>> = {
  idRegistry: {
    Register: '0xf2e19a901b0748d8b08e428d0468896a039ac751ec4fec49b44b7b9c28097e45',
    Transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    ChangeRecoveryAddress: '0x8e700b803af43e14651431cd73c9fe7d11b131ad797576a70b893ce5766f65c3',
  },
  keyRegistry: {
    Add: '0x7d285df41058466977811345cd453c0c52e8d841ffaabc74fc050f277ad4de02',
    Remove: '0x09e77066e0155f46785be12f6938a6b2e4be4381e59058129ce15f355cb96958',
    AdminReset: '0x1ecc1009ebad5d2fb61239462f4f9f6f152662defe1845fc87f07d96bd1c60b4',
    Migrated: '0xe4a25c0c2cbe89d6ad8b64c61a7dbdd20d1f781f6023f1ab94ebb7fe0aef6ab8',
  },
  storageRegistry: { Rent: '0xaabd75b90fb7114eb9587a54f00ce5ebe8cb4a70627f3a6c26e506ffd771fe2f' },
};

/** Canonical type of a parameter, tuples spelled out: what selectors and decoding depend on. */
function typeOf(param: AbiParameter): string {
  if (!param.type.startsWith('tuple')) return param.type;
  const components = (param as { components: readonly AbiParameter[] }).components;
  return `(${components.map(typeOf).join(',')})${param.type.slice('tuple'.length)}`;
}

function functionShape(item: AbiFunction) {
  return {
    inputs: item.inputs.map(typeOf),
    outputs: item.outputs.map(typeOf),
    stateMutability: item.stateMutability,
  };
}

const eventShape = (item: AbiEvent) => item.inputs.map((p) => `${typeOf(p)}${p.indexed ? ' indexed' : ''}`);

type AbiError = Extract<Abi[number], { type: 'error' }>;

const functions = (abi: Abi) => abi.filter((item): item is AbiFunction => item.type === 'function');
const events = (abi: Abi) => abi.filter((item): item is AbiEvent => item.type === 'event');
const errors = (abi: Abi) => abi.filter((item): item is AbiError => item.type === 'error');

function bySelector(abi: Abi, selector: string): AbiFunction | undefined {
  return functions(abi).find((item) => toFunctionSelector(item) === selector);
}

describe('contract ABIs match the real Farcaster contracts (@farcaster/core)', () => {
  for (const name of CONTRACT_NAMES) {
    const ours = contractArtifact(name).abi;
    const theirs = CORE_ABIS[name];

    it(`${name}: every client function, every overload, has the real signature`, () => {
      for (const functionName of CLIENT_FUNCTIONS[name]) {
        const overloads = functions(theirs).filter((item) => item.name === functionName);
        assert.ok(overloads.length > 0, `${functionName} is not in core's ABI`);
        for (const real of overloads) {
          const selector = toFunctionSelector(real);
          const mine = bySelector(ours, selector);
          assert.ok(mine, `${name}.${functionName} ${selector} is missing`);
          assert.deepEqual(functionShape(mine), functionShape(real), `${name}.${functionName}`);
        }
      }
    });

    it(`${name}: functions, events and errors sharing a name with the real ones are identical`, () => {
      for (const mine of functions(ours)) {
        if (!functions(theirs).some((item) => item.name === mine.name)) continue;
        const real = bySelector(theirs, toFunctionSelector(mine));
        assert.ok(real, `${name}.${mine.name} has a signature the real contract lacks`);
        assert.deepEqual(functionShape(mine), functionShape(real), `${name}.${mine.name}`);
      }
      for (const mine of events(ours)) {
        const real = events(theirs).find((item) => toEventSelector(item) === toEventSelector(mine));
        if (real === undefined) {
          assert.ok(!events(theirs).some((item) => item.name === mine.name), `event ${mine.name} differs`);
          continue;
        }
        assert.deepEqual(eventShape(mine), eventShape(real), `event ${name}.${mine.name}`);
      }
      for (const mine of errors(ours)) {
        const real = errors(theirs).find((item) => item.name === mine.name);
        if (real !== undefined) assert.deepEqual(mine.inputs.map(typeOf), real.inputs.map(typeOf), mine.name);
      }
    });

    it(`${name}: the typed client ABI is part of the compiled one`, () => {
      for (const item of CONTRACT_ABIS[name] as Abi) {
        if (item.type === 'function') {
          const compiled = bySelector(ours, toFunctionSelector(item));
          assert.ok(compiled, `${name}.${item.name} is not compiled`);
          assert.deepEqual(functionShape(compiled), functionShape(item), `${name}.${item.name}`);
        } else if (item.type === 'event') {
          const compiled = events(ours).find((e) => toEventSelector(e) === toEventSelector(item));
          assert.ok(compiled, `event ${name}.${item.name} is not compiled`);
          assert.deepEqual(eventShape(compiled), eventShape(item));
        } else if (item.type === 'error') {
          assert.ok(
            errors(ours).some((e) => e.name === item.name),
            `error ${name}.${item.name} is not compiled`,
          );
        }
      }
    });
  }

  it('events hubs read have the topics of reference/chain.md §2, in ours and in core', () => {
    for (const [name, topics] of Object.entries(EVENT_TOPICS) as [ContractName, Record<string, string>][]) {
      for (const [eventName, topic] of Object.entries(topics)) {
        for (const abi of [contractArtifact(name).abi, CORE_ABIS[name], CONTRACT_ABIS[name] as Abi]) {
          const found = events(abi).find(
            (item) => item.name === eventName && toEventSelector(item) === topic,
          );
          assert.ok(found, `${name} ${eventName} with topic ${topic}`);
        }
      }
    }
  });

  it('canonical addresses are the ones @farcaster/core uses', () => {
    const coreAddresses = {
      idRegistry: core.ID_REGISTRY_ADDRESS,
      idGateway: core.ID_GATEWAY_ADDRESS,
      keyRegistry: core.KEY_REGISTRY_ADDRESS,
      keyGateway: core.KEY_GATEWAY_ADDRESS,
      storageRegistry: core.STORAGE_REGISTRY_ADDRESS,
      signedKeyRequestValidator: core.SIGNED_KEY_REQUEST_VALIDATOR_ADDRESS,
    };
    for (const name of CONTRACT_NAMES) {
      assert.equal(CANONICAL_ADDRESSES[name], getAddress(coreAddresses[name]), name);
    }
  });

  it('artifacts hold runtime code and no constructor (the devnet installs runtime code only)', () => {
    for (const name of CONTRACT_NAMES) {
      const { abi, deployedBytecode } = contractArtifact(name);
      assert.match(deployedBytecode, /^0x(?:[0-9a-f]{2})+$/);
      assert.ok(!abi.some((item) => item.type === 'constructor'), `${name} has a constructor`);
      assert.ok(
        functions(abi).some((item) => item.name === 'initialize'),
        `${name} has no initialize`,
      );
    }
  });
});

describe('committed artifacts', () => {
  it('are what scripts/contracts.mjs compiles from contracts/src', () => {
    const script = fileURLToPath(new URL('../../scripts/contracts.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  });
});
