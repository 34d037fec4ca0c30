// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20Base} from "./ERC20Base.sol";

/// Wraps the chain's native coin one to one, in the manner of WETH.
/// Placed at the chain's canonical wrapped-native address with hardhat_setCode, so it has no
/// constructor: the devnet writes `_name` and `_symbol` straight into storage.
contract WrappedNative is ERC20Base {
    string private _name;
    string private _symbol;

    event Deposit(address indexed account, uint256 value);
    event Withdrawal(address indexed account, uint256 value);

    receive() external payable {
        deposit();
    }

    function name() public view override returns (string memory) {
        return _name;
    }

    function symbol() public view override returns (string memory) {
        return _symbol;
    }

    function decimals() public pure override returns (uint8) {
        return 18;
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 value) external {
        _burn(msg.sender, value);
        emit Withdrawal(msg.sender, value);
        (bool sent, ) = msg.sender.call{value: value}("");
        require(sent, "WrappedNative: native transfer failed");
    }
}
