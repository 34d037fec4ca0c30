// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Base} from "./ERC20Base.sol";

/// An address-poisoning token: it copies a real token's name, symbol and decimals, and its owner can log
/// a Transfer from any address (a look-alike of someone the victim pays), crediting the recipient with
/// tokens that nobody sent.
contract CounterfeitToken is ERC20Base {
    string private _name;
    string private _symbol;
    uint8 private immutable _decimals;
    address public immutable owner;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        _name = name_;
        _symbol = symbol_;
        _decimals = decimals_;
        owner = msg.sender;
    }

    function name() public view override returns (string memory) {
        return _name;
    }

    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function spoofTransfer(address from, address to, uint256 value) external {
        require(msg.sender == owner, "CounterfeitToken: caller is not the owner");
        _totalSupply += value;
        _balances[to] += value;
        emit Transfer(from, to, value);
    }
}
