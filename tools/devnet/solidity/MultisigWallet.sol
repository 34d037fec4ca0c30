// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The logic of a Safe-style multisig, deployed once and run behind SafeStyleProxy: it keeps Safe's
/// storage layout where it matters (slot 0 is the proxy's singleton) and answers Safe's getters. It
/// only holds owners and a threshold; the devnet never executes through it.
contract MultisigWallet {
    address private singleton;
    address[] private owners;
    uint256 private threshold;

    error AlreadySetUp();
    error BadThreshold();

    function setup(address[] calldata newOwners, uint256 newThreshold) external {
        if (threshold != 0) revert AlreadySetUp();
        if (newThreshold == 0 || newThreshold > newOwners.length) revert BadThreshold();
        owners = newOwners;
        threshold = newThreshold;
    }

    function getOwners() external view returns (address[] memory) {
        return owners;
    }

    function getThreshold() external view returns (uint256) {
        return threshold;
    }

    function VERSION() external pure returns (string memory) {
        return "devnet-multisig-1";
    }

    receive() external payable {}
}
