// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IKeyRegistry} from "./Interfaces.sol";
import {Owned} from "./Owned.sol";
import {SignedCalls} from "./SignedCalls.sol";

/// Adds signer keys to the KeyRegistry, by the fid's custody address or with its `Add` signature.
contract KeyGateway is Owned, SignedCalls {
    bytes32 public constant ADD_TYPEHASH =
        keccak256(
            "Add(address owner,uint32 keyType,bytes key,uint8 metadataType,bytes metadata,uint256 nonce,uint256 deadline)"
        );

    address public keyRegistry;

    function initialize(address initialOwner, address registry) external {
        _initializeOwner(initialOwner);
        keyRegistry = registry;
    }

    function add(uint32 keyType, bytes calldata key, uint8 metadataType, bytes calldata metadata) external {
        IKeyRegistry(keyRegistry).add(msg.sender, keyType, key, metadataType, metadata);
    }

    /// Adds a key for `fidOwner`'s fid with the owner's `Add` signature; anyone (e.g. an app) may relay it.
    function addFor(
        address fidOwner,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata,
        uint256 deadline,
        bytes calldata sig
    ) external {
        _verifySig(fidOwner, _addHash(fidOwner, keyType, key, metadataType, metadata, deadline), deadline, sig);
        IKeyRegistry(keyRegistry).add(fidOwner, keyType, key, metadataType, metadata);
    }

    function _addHash(
        address fidOwner,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata,
        uint256 deadline
    ) private returns (bytes32) {
        return
            keccak256(
                abi.encode(
                    ADD_TYPEHASH,
                    fidOwner,
                    keyType,
                    keccak256(key),
                    metadataType,
                    keccak256(metadata),
                    _useNonce(fidOwner),
                    deadline
                )
            );
    }

    function _domainName() internal pure override returns (string memory) {
        return "Farcaster KeyGateway";
    }
}
