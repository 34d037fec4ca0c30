// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A plain contract with state, events and both kinds of revert: a reason string and a custom error.
/// It also serves as the implementation behind DevnetProxy, so it keeps no constructor state.
contract Counter {
    uint256 public constant MAX_STEP = 100;
    uint256 public count;

    event CountChanged(address indexed by, uint256 count);

    error CounterUnderflow(address caller);

    function increment() external {
        _set(count + 1);
    }

    function incrementBy(uint256 step) external {
        require(step <= MAX_STEP, "Counter: step too large");
        _set(count + step);
    }

    function decrement() external {
        if (count == 0) revert CounterUnderflow(msg.sender);
        _set(count - 1);
    }

    function _set(uint256 value) private {
        count = value;
        emit CountChanged(msg.sender, value);
    }
}
