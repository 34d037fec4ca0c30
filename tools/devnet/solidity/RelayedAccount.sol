// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// An EIP-7702 smart-account implementation for relayed use: a bundler or relayer submits the account's
/// batches, each authorised by the account's own key (an EIP-191 signature over the chain, the account,
/// a one-time salt and the calls). Unlike SmartAccount it is not where any known implementation lives:
/// the devnet deploys it at an ordinary address. Incoming coin simply stays.
contract RelayedAccount {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    /// In the storage of the account that delegates here.
    mapping(bytes32 => bool) public usedSalts;

    event Executed(bytes32 indexed salt, address indexed relayer, uint256 calls);

    error CallFailed(uint256 index, bytes reason);

    function execute(Call[] calldata calls, bytes32 salt, bytes calldata signature) external payable {
        require(!usedSalts[salt], "RelayedAccount: salt already used");
        bytes32 digest = keccak256(abi.encode(block.chainid, address(this), salt, keccak256(abi.encode(calls))));
        require(_signer(digest, signature) == address(this), "RelayedAccount: invalid signature");
        usedSalts[salt] = true;
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory reason) = calls[i].target.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallFailed(i, reason);
        }
        emit Executed(salt, msg.sender, calls.length);
    }

    receive() external payable {}

    function _signer(bytes32 digest, bytes calldata signature) private pure returns (address) {
        require(signature.length == 65, "RelayedAccount: invalid signature length");
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", digest)), v, r, s);
    }
}
