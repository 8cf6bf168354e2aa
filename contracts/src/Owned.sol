// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AlreadyInitialized, InvalidAddress, Unauthorized} from "./Common.sol";

/// Single-owner access control for contracts installed with `anvil_setCode`. No constructor runs there,
/// so the owner is set by a one-shot initializer instead: an unset owner means "not initialized yet".
abstract contract Owned {
    address public owner;

    modifier onlyOwner() {
        if (msg.sender != owner) revert Unauthorized();
        _;
    }

    function _initializeOwner(address initialOwner) internal {
        if (owner != address(0)) revert AlreadyInitialized();
        if (initialOwner == address(0)) revert InvalidAddress();
        owner = initialOwner;
    }
}
