// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A Tornado-style pool of one fixed denomination (0.1 of the native coin), with Tornado's events.
/// Tornado proves knowledge of a deposited note with a zero-knowledge proof; here the note's nullifier
/// must simply hash to a deposited commitment. So, unlike Tornado, a withdrawal can be linked to its
/// deposit on chain: nothing that reads the devnet should rely on that.
contract MixerPool {
    uint256 public constant denomination = 0.1 ether;
    mapping(bytes32 => bool) public commitments;
    mapping(bytes32 => bool) public withdrawn;
    uint32 public nextIndex;

    event Deposit(bytes32 indexed commitment, uint32 leafIndex, uint256 timestamp);
    event Withdrawal(address to, bytes32 nullifierHash, address indexed relayer, uint256 fee);

    function deposit(bytes32 commitment) external payable {
        require(msg.value == denomination, "MixerPool: send exactly the denomination");
        require(!commitments[commitment], "MixerPool: the commitment has been submitted");
        commitments[commitment] = true;
        emit Deposit(commitment, nextIndex++, block.timestamp);
    }

    /// Sent by a relayer, who pays the gas, so the recipient needs no coin of its own.
    function withdraw(address payable recipient, bytes32 nullifier) external {
        bytes32 commitment = keccak256(abi.encodePacked(nullifier));
        require(commitments[commitment], "MixerPool: unknown note");
        require(!withdrawn[commitment], "MixerPool: the note has been already spent");
        withdrawn[commitment] = true;
        (bool sent, ) = recipient.call{value: denomination}("");
        require(sent, "MixerPool: payment to the recipient failed");
        emit Withdrawal(recipient, commitment, msg.sender, 0);
    }
}
