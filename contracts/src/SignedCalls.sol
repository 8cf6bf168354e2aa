// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {InvalidSignature, SignatureExpired} from "./Common.sol";
import {EIP712} from "./EIP712.sol";
import {SignatureChecker} from "./SignatureChecker.sol";

/// Calls authorized by an EIP-712 signature with a deadline and a per-signer sequential nonce: each
/// signature carries the signer's current nonce, so it can be used once.
abstract contract SignedCalls is EIP712 {
    mapping(address owner => uint256 nonce) public nonces;

    /// Burns the caller's current nonce, invalidating a signature it handed out but no longer wants used.
    function useNonce() external returns (uint256) {
        return _useNonce(msg.sender);
    }

    function _useNonce(address account) internal returns (uint256 current) {
        current = nonces[account]++;
    }

    function _verifySig(address signer, bytes32 structHash, uint256 deadline, bytes calldata sig) internal view {
        if (block.timestamp > deadline) revert SignatureExpired();
        if (!SignatureChecker.isValidNow(signer, hashTypedDataV4(structHash), sig)) revert InvalidSignature();
    }
}
