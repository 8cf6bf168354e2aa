// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Errors shared by the registries. Names match the real Farcaster contracts so that clients decoding
// reverts with @farcaster/core's ABIs see the same error names.

error Unauthorized();
error AlreadyInitialized();
error InvalidAddress();
error InvalidSignature();
error SignatureExpired();
error CallFailed();

/// Sends `amount` wei to `to`, reverting if the recipient refuses it.
function sendValue(address to, uint256 amount) {
    (bool ok, ) = to.call{value: amount}("");
    if (!ok) revert CallFailed();
}
