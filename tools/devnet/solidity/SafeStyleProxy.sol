// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A proxy laid out like Safe's SafeProxy: the singleton (master copy) lives in storage slot 0, the
/// proxy answers masterCopy() itself and delegates every other call to the singleton.
contract SafeStyleProxy {
    address internal singleton;

    constructor(address singleton_, bytes memory initData) payable {
        require(singleton_.code.length > 0, "SafeStyleProxy: singleton is not a contract");
        singleton = singleton_;
        if (initData.length > 0) {
            (bool ok, ) = singleton_.delegatecall(initData);
            require(ok, "SafeStyleProxy: setup failed");
        }
    }

    fallback() external payable {
        assembly {
            let target := and(sload(0), 0xffffffffffffffffffffffffffffffffffffffff)
            // masterCopy()
            if eq(shr(224, calldataload(0)), 0xa619486e) {
                mstore(0, target)
                return(0, 0x20)
            }
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) { revert(0, returndatasize()) }
            return(0, returndatasize())
        }
    }
}
