// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1271} from "./Interfaces.sol";

/// Signature checks for EOAs (ECDSA) and smart wallets (ERC-1271).
library SignatureChecker {
    /// Upper bound of `s` for canonical signatures: accepting the upper half too would let anyone turn a
    /// valid signature into a second valid one (malleability).
    uint256 private constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// True if `signer` signed `digest`: an ECDSA signature recovering to it, or its ERC-1271 approval.
    function isValidNow(address signer, bytes32 digest, bytes memory sig) internal view returns (bool) {
        if (signer == address(0)) return false;
        if (recover(digest, sig) == signer) return true;
        (bool ok, bytes memory result) = signer.staticcall(
            abi.encodeCall(IERC1271.isValidSignature, (digest, sig))
        );
        // An EOA answers a call with no data, which the length check rejects.
        return ok && result.length >= 32 && abi.decode(result, (bytes32)) == bytes32(IERC1271.isValidSignature.selector);
    }

    /// The signer of a 65-byte `r || s || v` signature (v 27 or 28, low s), or address(0) if it has none.
    function recover(bytes32 digest, bytes memory sig) internal pure returns (address) {
        if (sig.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly ("memory-safe") {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
            v := byte(0, mload(add(sig, 0x60)))
        }
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
