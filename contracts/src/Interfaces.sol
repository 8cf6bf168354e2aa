// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The calls the contracts make to each other (and to smart wallets), and nothing more.

interface IIdRegistry {
    function idOf(address owner) external view returns (uint256 fid);

    function register(address to, address recovery) external returns (uint256 fid);

    function verifyFidSignature(
        address custodyAddress,
        uint256 fid,
        bytes32 digest,
        bytes calldata sig
    ) external view returns (bool isValid);
}

interface IStorageRegistry {
    function price(uint256 units) external view returns (uint256);

    function rent(uint256 fid, uint256 units) external payable returns (uint256 overpayment);
}

interface IKeyRegistry {
    function add(
        address fidOwner,
        uint32 keyType,
        bytes calldata key,
        uint8 metadataType,
        bytes calldata metadata
    ) external;
}

interface IMetadataValidator {
    function validate(uint256 userFid, bytes calldata key, bytes calldata metadata) external view returns (bool);
}

interface IERC1271 {
    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4);
}
