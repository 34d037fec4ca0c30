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

    /// Many transfers from the sender in one transaction, as exchanges and payroll tools pay out.
    function batchTransfer(address[] calldata recipients, uint256[] calldata values) external returns (bool) {
        require(recipients.length == values.length, "DevnetToken: lengths differ");
        for (uint256 i = 0; i < recipients.length; i++) _transfer(msg.sender, recipients[i], values[i]);
        return true;
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "DevnetToken: caller is not the owner");
        _mint(to, value);
    }
}
