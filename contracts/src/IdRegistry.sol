// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Unauthorized} from "./Common.sol";
import {Owned} from "./Owned.sol";
import {SignatureChecker} from "./SignatureChecker.sol";
import {SignedCalls} from "./SignedCalls.sol";

/// The address already owns an fid (one fid per address).
error HasId();
/// The address owns no fid.
error HasNoId();

/// Farcaster ids: sequential fids from 1, one per custody address, each with a recovery address.
/// New fids come only through the IdGateway.
contract IdRegistry is Owned, SignedCalls {
    bytes32 public constant TRANSFER_TYPEHASH =
        keccak256("Transfer(uint256 fid,address to,uint256 nonce,uint256 deadline)");

    address public idGateway;
    /// The last fid issued.
    uint256 public idCounter;
    mapping(address owner => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;
    mapping(uint256 fid => address recovery) public recoveryOf;

    event Register(address indexed to, uint256 indexed id, address recovery);
    event Transfer(address indexed from, address indexed to, uint256 indexed id);
    event ChangeRecoveryAddress(uint256 indexed id, address indexed recovery);

    function initialize(address initialOwner, address gateway) external {
        _initializeOwner(initialOwner);
        idGateway = gateway;
    }

    /// Issues the next fid to `to`; only the IdGateway, which collects the storage rent, may call it.
    function register(address to, address recovery) external returns (uint256 fid) {
        if (msg.sender != idGateway) revert Unauthorized();
        if (idOf[to] != 0) revert HasId();
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        recoveryOf[fid] = recovery;
        emit Register(to, fid, recovery);
    }

    /// Moves the caller's fid to `to`, which consents with a `Transfer` signature. The recovery address stays.
    function transfer(address to, uint256 deadline, bytes calldata sig) external {
        uint256 fid = _requireId(msg.sender);
        if (idOf[to] != 0) revert HasId();
        _verifySig(to, keccak256(abi.encode(TRANSFER_TYPEHASH, fid, to, _useNonce(to), deadline)), deadline, sig);
        delete idOf[msg.sender];
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Transfer(msg.sender, to, fid);
    }

    function changeRecoveryAddress(address recovery) external {
        uint256 fid = _requireId(msg.sender);
        recoveryOf[fid] = recovery;
        emit ChangeRecoveryAddress(fid, recovery);
    }

    /// True if `custodyAddress` currently owns `fid` and signed `digest` (ECDSA or ERC-1271).
    function verifyFidSignature(
        address custodyAddress,
        uint256 fid,
        bytes32 digest,
        bytes calldata sig
    ) external view returns (bool isValid) {
        return idOf[custodyAddress] == fid && SignatureChecker.isValidNow(custodyAddress, digest, sig);
    }

    function _requireId(address account) private view returns (uint256 fid) {
        fid = idOf[account];
        if (fid == 0) revert HasNoId();
    }

    function _domainName() internal pure override returns (string memory) {
        return "Farcaster IdRegistry";
    }
}
