// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SignatureChecker} from "../SignatureChecker.sol";

/// Test-only smart wallet: approves (ERC-1271) digests its owner key signed, and makes calls for its owner.
/// Deployed normally in tests, so it may use a constructor.
contract ContractWallet {
    address public immutable walletOwner;

    error NotWalletOwner();

    constructor(address owner_) {
        walletOwner = owner_;
    }

    function isValidSignature(bytes32 digest, bytes calldata sig) external view returns (bytes4) {
        return SignatureChecker.recover(digest, sig) == walletOwner ? this.isValidSignature.selector : bytes4(0);
    }

    /// Calls `target` as the wallet, bubbling up its revert.
    function execute(address target, bytes calldata data) external payable returns (bytes memory result) {
        if (msg.sender != walletOwner) revert NotWalletOwner();
        bool ok;
        (ok, result) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(result, 0x20), mload(result))
            }
        }
    }

    receive() external payable {}
}
