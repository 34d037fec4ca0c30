// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetToken} from "./DevnetToken.sol";

/// An address-poisoning token: it copies a real token's name, symbol and decimals, and its owner can log
/// a Transfer from any address (a look-alike of someone the victim pays), crediting the recipient with
/// tokens that nobody sent. A spam airdrop does the same to many recipients at once.
contract CounterfeitToken is DevnetToken {
    constructor(string memory name_, string memory symbol_, uint8 decimals_) DevnetToken(name_, symbol_, decimals_) {}

    function spoofTransfer(address from, address to, uint256 value) external {
        require(msg.sender == owner, "CounterfeitToken: caller is not the owner");
        _totalSupply += value;
        _balances[to] += value;
        emit Transfer(from, to, value);
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
