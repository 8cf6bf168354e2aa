// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Unauthorized, sendValue} from "./Common.sol";
import {IIdRegistry, IStorageRegistry} from "./Interfaces.sol";
import {Owned} from "./Owned.sol";
import {SignedCalls} from "./SignedCalls.sol";

/// Registration: issues an fid and rents its first storage unit (plus any extra) in the same call.
contract IdGateway is Owned, SignedCalls {
    bytes32 public constant REGISTER_TYPEHASH =
        keccak256("Register(address to,address recovery,uint256 nonce,uint256 deadline)");

    address public idRegistry;
    address public storageRegistry;

    function initialize(address initialOwner, address registry, address storageRegistry_) external {
        _initializeOwner(initialOwner);
        idRegistry = registry;
        storageRegistry = storageRegistry_;
    }

    /// Wei needed to register (one storage unit).
    function price() external view returns (uint256) {
        return IStorageRegistry(storageRegistry).price(1);
    }

    /// Wei needed to register with `extraStorage` more units.
    function price(uint256 extraStorage) external view returns (uint256) {
        return IStorageRegistry(storageRegistry).price(1 + extraStorage);
    }

    function register(address recovery) external payable returns (uint256, uint256) {
        return _register(msg.sender, recovery, 0);
    }

    function register(
        address recovery,
        uint256 extraStorage
    ) external payable returns (uint256 fid, uint256 overpayment) {
        return _register(msg.sender, recovery, extraStorage);
    }

    /// Registers for `to`, who consents with a `Register` signature; the caller pays.
    function registerFor(
        address to,
        address recovery,
        uint256 deadline,
        bytes calldata sig
    ) external payable returns (uint256, uint256) {
        return _registerFor(to, recovery, deadline, sig, 0);
    }

    function registerFor(
        address to,
        address recovery,
        uint256 deadline,
        bytes calldata sig,
        uint256 extraStorage
    ) external payable returns (uint256 fid, uint256 overpayment) {
        return _registerFor(to, recovery, deadline, sig, extraStorage);
    }

    /// Accepts only the StorageRegistry's refund of an overpayment, which is passed on to the payer.
    receive() external payable {
        if (msg.sender != storageRegistry) revert Unauthorized();
    }

    function _registerFor(
        address to,
        address recovery,
        uint256 deadline,
        bytes calldata sig,
        uint256 extraStorage
    ) private returns (uint256, uint256) {
        bytes32 structHash = keccak256(abi.encode(REGISTER_TYPEHASH, to, recovery, _useNonce(to), deadline));
        _verifySig(to, structHash, deadline, sig);
        return _register(to, recovery, extraStorage);
    }

    function _register(
        address to,
        address recovery,
        uint256 extraStorage
    ) private returns (uint256 fid, uint256 overpayment) {
        fid = IIdRegistry(idRegistry).register(to, recovery);
        overpayment = IStorageRegistry(storageRegistry).rent{value: msg.value}(fid, 1 + extraStorage);
        if (overpayment > 0) sendValue(msg.sender, overpayment);
    }

    function _domainName() internal pure override returns (string memory) {
        return "Farcaster IdGateway";
    }
}
