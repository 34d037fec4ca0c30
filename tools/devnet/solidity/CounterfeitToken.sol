// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetToken} from "./DevnetToken.sol";

/// An address-poisoning token: it copies a real token's name, symbol and decimals, and its owner can log
/// a Transfer from any address (a look-alike of someone the victim pays), crediting the recipient with
/// tokens that nobody sent (a spam airdrop does it to many recipients at once), or log an Approval from any owner.
contract CounterfeitToken is DevnetToken {
    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevnetToken(name_, symbol_, decimals_) {}

    function spoofTransfer(address from, address to, uint256 value) external {
        require(msg.sender == owner, "CounterfeitToken: caller is not the owner");
        _totalSupply += value;
        _balances[to] += value;
        emit Transfer(from, to, value);
    }

    /// Logs an Approval naming any owner (who never called this contract) and records the allowance, so
    /// an allowance read agrees with the spoofed event.
    function spoofApproval(address tokenOwner, address spender, uint256 value) external {
        require(msg.sender == owner, "CounterfeitToken: caller is not the owner");
        _approve(tokenOwner, spender, value);
    }

    function spoofAirdrop(address from, address[] calldata recipients, uint256 value) external {
        require(msg.sender == owner, "CounterfeitToken: caller is not the owner");
        _totalSupply += value * recipients.length;
        for (uint256 i = 0; i < recipients.length; i++) {
            _balances[recipients[i]] += value;
            emit Transfer(from, recipients[i], value);
        }
    }
}
