// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Transfers {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// The allowance half of Uniswap's Permit2 for the local chains, written for the devnet: the same ABI,
/// events, errors, EIP-712 domain {name "Permit2", chainId, this address} and PermitSingle typehashes,
/// so tools read it as they read Permit2 on mainnet. Placed at Permit2's canonical address with
/// hardhat_setCode (no constructor: the domain separator is computed per call). Signatures are 65-byte
/// ECDSA only (Permit2 also takes compact 64-byte and ERC-1271 signatures).
contract DevnetPermit2 {
    struct PermitDetails {
        address token;
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct PermitSingle {
        PermitDetails details;
        address spender;
        uint256 sigDeadline;
    }

    struct PackedAllowance {
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct TokenSpenderPair {
        address token;
        address spender;
    }

    /// owner => token => spender => allowance; the getter returns (amount, expiration, nonce) as Permit2's does.
    mapping(address => mapping(address => mapping(address => PackedAllowance))) public allowance;

    event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration);
    event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce);
    event Lockdown(address indexed owner, address token, address spender);
    event NonceInvalidation(address indexed owner, address indexed token, address indexed spender, uint48 newNonce, uint48 oldNonce);

    error SignatureExpired(uint256 signatureDeadline);
    error InvalidNonce();
    error InvalidSigner();
    error AllowanceExpired(uint256 deadline);
    error InsufficientAllowance(uint256 amount);
    error ExcessiveInvalidation();

    bytes32 public constant PERMIT_DETAILS_TYPEHASH =
        keccak256("PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)");
    bytes32 public constant PERMIT_SINGLE_TYPEHASH = keccak256(
        "PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)"
    );
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)");
    // Upper bound for `s` (secp256k1 order / 2): larger values are malleable twins of valid signatures.
    uint256 private constant MAX_S = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    function DOMAIN_SEPARATOR() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Permit2"), block.chainid, address(this)));
    }

    /// Sets the caller's allowance for `spender` on `token`; an expiration of 0 lasts for this block only.
    function approve(address token, address spender, uint160 amount, uint48 expiration) external {
        PackedAllowance storage allowed = allowance[msg.sender][token][spender];
        allowed.amount = amount;
        allowed.expiration = expiration == 0 ? uint48(block.timestamp) : expiration;
        emit Approval(msg.sender, token, spender, amount, expiration);
    }

    /// Sets `owner`'s allowance from its signed PermitSingle; anyone may submit it (routers do).
    function permit(address owner, PermitSingle memory permitSingle, bytes calldata signature) external {
        if (block.timestamp > permitSingle.sigDeadline) revert SignatureExpired(permitSingle.sigDeadline);
        PermitDetails memory details = permitSingle.details;
        bytes32 detailsHash = keccak256(abi.encode(PERMIT_DETAILS_TYPEHASH, details));
        bytes32 structHash = keccak256(abi.encode(PERMIT_SINGLE_TYPEHASH, detailsHash, permitSingle.spender, permitSingle.sigDeadline));
        if (_recover(keccak256(abi.encodePacked("\x19\x01", DOMAIN_SEPARATOR(), structHash)), signature) != owner) revert InvalidSigner();

        PackedAllowance storage allowed = allowance[owner][details.token][permitSingle.spender];
        if (allowed.nonce != details.nonce) revert InvalidNonce();
        allowed.amount = details.amount;
        allowed.expiration = details.expiration == 0 ? uint48(block.timestamp) : details.expiration;
        unchecked {
            allowed.nonce = details.nonce + 1;
        }
        emit Permit(owner, details.token, permitSingle.spender, details.amount, details.expiration, details.nonce);
    }

    /// Moves `amount` of `token` from `from` with the caller's allowance; the maximum amount is never spent down.
    function transferFrom(address from, address to, uint160 amount, address token) external {
        PackedAllowance storage allowed = allowance[from][token][msg.sender];
        if (block.timestamp > allowed.expiration) revert AllowanceExpired(allowed.expiration);
        if (allowed.amount != type(uint160).max) {
            if (amount > allowed.amount) revert InsufficientAllowance(allowed.amount);
            unchecked {
                allowed.amount -= amount;
            }
        }
        require(IERC20Transfers(token).transferFrom(from, to, amount), "Permit2: transfer failed");
    }

    function lockdown(TokenSpenderPair[] calldata approvals) external {
        for (uint256 i = 0; i < approvals.length; ++i) {
            allowance[msg.sender][approvals[i].token][approvals[i].spender].amount = 0;
            emit Lockdown(msg.sender, approvals[i].token, approvals[i].spender);
        }
    }

    function invalidateNonces(address token, address spender, uint48 newNonce) external {
        uint48 oldNonce = allowance[msg.sender][token][spender].nonce;
        if (newNonce <= oldNonce) revert InvalidNonce();
        if (newNonce - oldNonce > type(uint16).max) revert ExcessiveInvalidation();
        allowance[msg.sender][token][spender].nonce = newNonce;
        emit NonceInvalidation(msg.sender, token, spender, newNonce, oldNonce);
    }

    function _recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) revert InvalidSigner();
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > MAX_S || (v != 27 && v != 28)) revert InvalidSigner();
        address signer = ecrecover(digest, v, r, s);
        if (signer == address(0)) revert InvalidSigner();
        return signer;
    }
}
