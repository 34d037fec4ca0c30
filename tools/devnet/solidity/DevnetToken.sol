// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Base} from "./ERC20Base.sol";

/// A plain ERC-20 whose owner can mint; the scenario deploys it as "Devnet Dollar" and friends.
contract DevnetToken is ERC20Base {
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

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "DevnetToken: caller is not the owner");
        _mint(to, value);
    }
}
