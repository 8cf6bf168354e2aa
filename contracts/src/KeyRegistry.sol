// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Unauthorized} from "./Common.sol";
import {IIdRegistry, IMetadataValidator} from "./Interfaces.sol";
import {Owned} from "./Owned.sol";
import {SignedCalls} from "./SignedCalls.sol";

error InvalidState();
error ExceedsMaximum();
error InvalidMetadata();
error AlreadyMigrated();
error ValidatorNotFound(uint32 keyType, uint8 metadataType);

/// Signer keys per fid. A key moves NULL -> ADDED -> REMOVED and a removed key never comes back; only the
/// owner's migration reset moves ADDED -> NULL. Keys are added through the KeyGateway.
contract KeyRegistry is Owned, SignedCalls {
    enum KeyState {
        NULL,
        ADDED,
        REMOVED
    }

    struct KeyData {
        KeyState state;
        uint32 keyType;
    }

    /// Keys of one fid in one state, enumerable: `positions` holds 1-based indexes into `items`.
    struct KeySet {
        bytes[] items;
        mapping(bytes32 keyHash => uint256 position) positions;
    }

    struct BulkResetData {
        uint256 fid;
        bytes[] keys;
    }

    bytes32 public constant REMOVE_TYPEHASH =
        keccak256("Remove(address owner,bytes key,uint256 nonce,uint256 deadline)");

    address public idRegistry;
    address public keyGateway;
    /// Most keys one fid may have ADDED at once.
    uint256 public maxKeysPerFid;
    uint40 public migratedAt;
    mapping(uint32 keyType => mapping(uint8 metadataType => address validator)) public validators;
    mapping(uint256 fid => mapping(bytes key => KeyData data)) public keys;
    mapping(uint256 fid => mapping(KeyState state => KeySet)) private _keySets;

    event Add(
        uint256 indexed fid,
        uint32 indexed keyType,
        bytes indexed key,
        bytes keyBytes,
        uint8 metadataType,
        bytes metadata
    );
    event Remove(uint256 indexed fid, bytes indexed key, bytes keyBytes);
    event AdminReset(uint256 indexed fid, bytes indexed key, bytes keyBytes);
    event Migrated(uint256 indexed migratedAt);

    /// Wires the registry and accepts Ed25519 keys (type 1) with signed key request metadata (type 1).
    function initialize(
        address initialOwner,
        address registry,
        address gateway,
        address signedKeyRequestValidator,
        uint256 initialMaxKeysPerFid
    ) external {
        _initializeOwner(initialOwner);
        idRegistry = registry;
        keyGateway = gateway;
        validators[1][1] = signedKeyRequestValidator;
        maxKeysPerFid = initialMaxKeysPerFid;
    }

    /// Adds a key for the fid of `fidOwner`; only the KeyGateway, which checked the owner's consent, may call.
    function add(
        address fidOwner,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata
    ) external {
        if (msg.sender != keyGateway) revert Unauthorized();
        _add(_requireId(fidOwner), keyType, key, metadataType, metadata);
    }

    function remove(bytes calldata key) external {
        _remove(_requireId(msg.sender), key);
    }

    /// Removes a key of `fidOwner`'s fid with the owner's `Remove` signature; anyone may relay it.
    function removeFor(address fidOwner, bytes calldata key, uint256 deadline, bytes calldata sig) external {
        uint256 fid = _requireId(fidOwner);
        bytes32 structHash = keccak256(
            abi.encode(REMOVE_TYPEHASH, fidOwner, keccak256(key), _useNonce(fidOwner), deadline)
        );
        _verifySig(fidOwner, structHash, deadline, sig);
        _remove(fid, key);
    }

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }

    function totalKeys(uint256 fid, KeyState state) public view returns (uint256) {
        return _keySets[fid][state].items.length;
    }

    function keyAt(uint256 fid, KeyState state, uint256 index) external view returns (bytes memory) {
        return _keySets[fid][state].items[index];
    }

    /// Every key of `fid` in `state`, in no particular order. Keys never enter the NULL set.
    function keysOf(uint256 fid, KeyState state) external view returns (bytes[] memory) {
        return _keySets[fid][state].items;
    }

    /// One page of {keysOf}; `nextIdx` is 0 once the last page has been returned.
    function keysOf(
        uint256 fid,
        KeyState state,
        uint256 startIdx,
        uint256 batchSize
    ) external view returns (bytes[] memory page, uint256 nextIdx) {
        bytes[] storage items = _keySets[fid][state].items;
        uint256 end = startIdx + batchSize;
        if (end > items.length) end = items.length;
        if (startIdx > end) startIdx = end;
        page = new bytes[](end - startIdx);
        for (uint256 i = startIdx; i < end; i++) page[i - startIdx] = items[i];
        nextIdx = end < items.length ? end : 0;
    }

    /// Marks the end of the (simulated) migration; the hub reads the event as SIGNER_MIGRATED.
    function migrate() external onlyOwner {
        if (migratedAt != 0) revert AlreadyMigrated();
        migratedAt = uint40(block.timestamp);
        emit Migrated(block.timestamp);
    }

    function isMigrated() external view returns (bool) {
        return migratedAt != 0;
    }

    /// Owner-only undo of added keys (ADDED -> NULL), emitting AdminReset as the real migration did.
    function bulkResetKeysForMigration(BulkResetData[] calldata items) external onlyOwner {
        for (uint256 i = 0; i < items.length; i++) {
            uint256 fid = items[i].fid;
            for (uint256 j = 0; j < items[i].keys.length; j++) {
                bytes calldata key = items[i].keys[j];
                KeyData storage data = keys[fid][key];
                if (data.state != KeyState.ADDED) revert InvalidState();
                _setState(fid, key, data, KeyState.NULL);
                emit AdminReset(fid, key, key);
            }
        }
    }

    function _add(
        uint256 fid,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata
    ) private {
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.NULL) revert InvalidState();
        if (totalKeys(fid, KeyState.ADDED) >= maxKeysPerFid) revert ExceedsMaximum();
        address validator = validators[keyType][metadataType];
        if (validator == address(0)) revert ValidatorNotFound(keyType, metadataType);
        data.keyType = keyType;
        _setState(fid, key, data, KeyState.ADDED);
        emit Add(fid, keyType, key, key, metadataType, metadata);
        // Validated after the event, as the real registry does: a false answer reverts everything.
        if (!IMetadataValidator(validator).validate(fid, key, metadata)) revert InvalidMetadata();
    }

    function _remove(uint256 fid, bytes calldata key) private {
        KeyData storage data = keys[fid][key];
        if (data.state != KeyState.ADDED) revert InvalidState();
        _setState(fid, key, data, KeyState.REMOVED);
        emit Remove(fid, key, key);
    }

    /// Moves a key between states, keeping the ADDED and REMOVED sets in step.
    function _setState(uint256 fid, bytes calldata key, KeyData storage data, KeyState next) private {
        bytes32 keyHash = keccak256(key);
        if (data.state != KeyState.NULL) _erase(_keySets[fid][data.state], keyHash);
        if (next != KeyState.NULL) {
            KeySet storage set = _keySets[fid][next];
            set.items.push(key);
            set.positions[keyHash] = set.items.length;
        }
        data.state = next;
    }

    /// Swap-and-pop removal: the last key takes the erased key's slot.
    function _erase(KeySet storage set, bytes32 keyHash) private {
        uint256 position = set.positions[keyHash];
        uint256 last = set.items.length;
        if (position != last) {
            bytes memory moved = set.items[last - 1];
            set.items[position - 1] = moved;
            set.positions[keccak256(moved)] = position;
        }
        set.items.pop();
        delete set.positions[keyHash];
    }

    function _requireId(address account) private view returns (uint256 fid) {
        fid = IIdRegistry(idRegistry).idOf(account);
        if (fid == 0) revert Unauthorized();
    }

    function _domainName() internal pure override returns (string memory) {
        return "Farcaster KeyRegistry";
    }
}
