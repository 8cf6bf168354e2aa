// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EIP712} from "./EIP712.sol";
import {IIdRegistry} from "./Interfaces.sol";
import {Owned} from "./Owned.sol";

/// Validates metadata type 1: a request by an app (an fid) to add a key, signed by the app's custody address.
contract SignedKeyRequestValidator is Owned, EIP712 {
    struct SignedKeyRequestMetadata {
        uint256 requestFid;
        address requestSigner;
        bytes signature;
        uint256 deadline;
    }

    bytes32 public constant METADATA_TYPEHASH =
        keccak256("SignedKeyRequest(uint256 requestFid,bytes key,uint256 deadline)");

    address public idRegistry;

    function initialize(address initialOwner, address registry) external {
        _initializeOwner(initialOwner);
        idRegistry = registry;
    }

    /// True if `signedKeyRequestBytes` is `abi.encode(SignedKeyRequestMetadata)` for a 32-byte `key`,
    /// unexpired, and signed by the current custody address of `requestFid`. Malformed bytes revert.
    function validate(
        uint256,
        bytes calldata key,
        bytes calldata signedKeyRequestBytes
    ) external view returns (bool) {
        SignedKeyRequestMetadata memory request = abi.decode(signedKeyRequestBytes, (SignedKeyRequestMetadata));
        if (key.length != 32 || block.timestamp > request.deadline) return false;
        // fid 0 is nobody's: without this an address holding no fid would pass the custody check below.
        if (request.requestFid == 0) return false;
        IIdRegistry registry = IIdRegistry(idRegistry);
        if (registry.idOf(request.requestSigner) != request.requestFid) return false;
        bytes32 digest = hashTypedDataV4(
            keccak256(abi.encode(METADATA_TYPEHASH, request.requestFid, keccak256(key), request.deadline))
        );
        return registry.verifyFidSignature(request.requestSigner, request.requestFid, digest, request.signature);
    }

    function encodeMetadata(SignedKeyRequestMetadata calldata metadata) external pure returns (bytes memory) {
        return abi.encode(metadata);
    }

    function _domainName() internal pure override returns (string memory) {
        return "Farcaster SignedKeyRequestValidator";
    }
}
