// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal stateless smart account for EIP-7702: an externally owned account delegates to it and can
/// then batch calls. Only the account itself may execute, that is, transactions it signs and sends to
/// itself. The devnet places it where MetaMask's EIP7702StatelessDeleGator lives.
contract SmartAccount {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    error OnlySelf();
    error CallFailed(uint256 index, bytes reason);

    modifier onlySelf() {
        if (msg.sender != address(this)) revert OnlySelf();
        _;
    }

    function execute(address target, uint256 value, bytes calldata data) external payable onlySelf returns (bytes memory) {
        return _call(0, Call(target, value, data));
    }

    function executeBatch(Call[] calldata calls) external payable onlySelf {
        for (uint256 i = 0; i < calls.length; i++) _call(i, calls[i]);
    }

    receive() external payable {}

    function _call(uint256 index, Call memory call) private returns (bytes memory) {
        (bool ok, bytes memory result) = call.target.call{value: call.value}(call.data);
        if (!ok) revert CallFailed(index, result);
        return result;
    }
}
