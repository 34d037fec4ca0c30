// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A sanctions list with the interface of Chainalysis' free on-chain oracle: `isSanctioned(address)`.
/// Placed at the oracle's real addresses with hardhat_setCode, so it has no constructor: the devnet
/// writes `owner` straight into storage, and the owner lists addresses in a real transaction.
contract SanctionsOracle {
    address public owner;
    mapping(address => bool) private _sanctioned;

    event SanctionedAddressesAdded(address[] addrs);

    function name() external pure returns (string memory) {
        return "Chainalysis sanctions oracle";
    }

    function addToSanctionsList(address[] calldata newSanctions) external {
        require(msg.sender == owner, "SanctionsOracle: caller is not the owner");
        for (uint256 i = 0; i < newSanctions.length; i++) _sanctioned[newSanctions[i]] = true;
        emit SanctionedAddressesAdded(newSanctions);
    }

    function isSanctioned(address addr) external view returns (bool) {
        return _sanctioned[addr];
    }
}
