// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// EIP-712 domain `{name, version "1", chainId, verifyingContract}`. The separator is computed on every
/// call from `block.chainid` and `address(this)` rather than cached in immutables: the devnet installs
/// the runtime code at the canonical addresses with `anvil_setCode`, where no constructor runs.
abstract contract EIP712 {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant VERSION_HASH = keccak256("1");

    /// The domain name, e.g. "Farcaster IdRegistry".
    function _domainName() internal pure virtual returns (string memory);

    function domainSeparatorV4() public view returns (bytes32) {
        return
            keccak256(
                abi.encode(DOMAIN_TYPEHASH, keccak256(bytes(_domainName())), VERSION_HASH, block.chainid, address(this))
            );
    }

    function hashTypedDataV4(bytes32 structHash) public view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparatorV4(), structHash));
    }

    /// EIP-5267: lets wallets and viem's `getEip712Domain` read the domain. Fields 0x0f = name, version,
    /// chainId and verifyingContract.
    function eip712Domain()
        external
        view
        returns (
            bytes1 fields,
            string memory name,
            string memory version,
            uint256 chainId,
            address verifyingContract,
            bytes32 salt,
            uint256[] memory extensions
        )
    {
        return (hex"0f", _domainName(), "1", block.chainid, address(this), bytes32(0), new uint256[](0));
    }
}
