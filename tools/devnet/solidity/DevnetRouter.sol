// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DevnetPermit2} from "./DevnetPermit2.sol";

/// Stands in for a swap router's Permit2 step (the Universal Router's PERMIT2_PERMIT command): the
/// caller's signed PermitSingle goes to Permit2 with the caller as owner, so the Permit event names the
/// caller while the transaction goes to the router.
contract DevnetRouter {
    DevnetPermit2 public constant PERMIT2 = DevnetPermit2(0x000000000022D473030F116dDEE9F6B43aC78BA3);

    function permit2Permit(DevnetPermit2.PermitSingle calldata permitSingle, bytes calldata signature) external {
        PERMIT2.permit(msg.sender, permitSingle, signature);
    }
}
