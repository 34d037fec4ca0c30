// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20Transfers {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function balanceOf(address account) external view returns (uint256);
}

interface IWrappedNative is IERC20Transfers {
    function deposit() external payable;
    function withdraw(uint256 value) external;
}

/// A swap router that keeps its constant-product pools (0.3% fee) inside itself, with the entry points
/// of Uniswap's SwapRouter02 that wallets call: swapExactTokensForTokens (paid in native coin when the
/// input is the wrapped native coin and the call carries the value), unwrapWETH9 and multicall; and
/// Uniswap V2 Router02's addLiquidity. Placed at SwapRouter02's address with hardhat_setCode, so it has
/// no constructor: the devnet writes the wrapped native coin's address into `wrappedNative`.
/// A simplification: addLiquidity takes the amounts it is given, whatever the pool's price.
contract SwapRouter {
    address public wrappedNative;
    /// Pool reserves, by pool (see poolId) and token.
    mapping(bytes32 => mapping(address => uint256)) public reserves;
    /// Liquidity shares, by pool and provider.
    mapping(bytes32 => mapping(address => uint256)) public liquidityOf;
    mapping(bytes32 => uint256) public totalLiquidity;
    /// Of each token, how much the pools hold; the rest of the router's balance is in transit.
    mapping(address => uint256) private pooled;

    event LiquidityAdded(address indexed provider, address indexed tokenA, address indexed tokenB, uint256 amountA, uint256 amountB, uint256 liquidity);
    event Swap(address indexed sender, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address to);

    receive() external payable {
        require(msg.sender == wrappedNative, "SwapRouter: not the wrapped native coin");
    }

    function poolId(address tokenA, address tokenB) public pure returns (bytes32) {
        return tokenA < tokenB ? keccak256(abi.encode(tokenA, tokenB)) : keccak256(abi.encode(tokenB, tokenA));
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        require(block.timestamp <= deadline, "SwapRouter: expired");
        require(amountADesired >= amountAMin && amountBDesired >= amountBMin, "SwapRouter: insufficient amount");
        (amountA, amountB) = (amountADesired, amountBDesired);
        bytes32 pool = poolId(tokenA, tokenB);
        uint256 total = totalLiquidity[pool];
        liquidity = total == 0 ? _sqrt(amountA * amountB) : _min((amountA * total) / reserves[pool][tokenA], (amountB * total) / reserves[pool][tokenB]);
        require(liquidity > 0, "SwapRouter: no liquidity minted");
        _pull(tokenA, amountA);
        _pull(tokenB, amountB);
        _addReserve(pool, tokenA, amountA);
        _addReserve(pool, tokenB, amountB);
        liquidityOf[pool][to] += liquidity;
        totalLiquidity[pool] = total + liquidity;
        emit LiquidityAdded(to, tokenA, tokenB, amountA, amountB, liquidity);
    }

    /// `to` = this router keeps the output for a later unwrapWETH9 in the same multicall.
    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to) external payable returns (uint256 amountOut) {
        require(path.length == 2, "SwapRouter: one pool per swap");
        (address tokenIn, address tokenOut) = (path[0], path[1]);
        bytes32 pool = poolId(tokenIn, tokenOut);
        uint256 reserveIn = reserves[pool][tokenIn];
        uint256 reserveOut = reserves[pool][tokenOut];
        require(reserveIn > 0 && reserveOut > 0, "SwapRouter: no such pool");
        amountOut = (amountIn * 997 * reserveOut) / (reserveIn * 1000 + amountIn * 997);
        require(amountOut >= amountOutMin, "SwapRouter: insufficient output amount");
        if (tokenIn == wrappedNative && address(this).balance >= amountIn) {
            IWrappedNative(wrappedNative).deposit{value: amountIn}();
        } else {
            _pull(tokenIn, amountIn);
        }
        _addReserve(pool, tokenIn, amountIn);
        reserves[pool][tokenOut] = reserveOut - amountOut;
        pooled[tokenOut] -= amountOut;
        if (to != address(this)) require(IERC20Transfers(tokenOut).transfer(to, amountOut), "SwapRouter: transfer failed");
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, amountOut, to);
    }

    /// Unwraps the wrapped native coin the router holds outside its pools and sends the coin to `recipient`.
    function unwrapWETH9(uint256 amountMinimum, address recipient) external payable {
        uint256 amount = IWrappedNative(wrappedNative).balanceOf(address(this)) - pooled[wrappedNative];
        require(amount >= amountMinimum, "SwapRouter: insufficient wrapped native");
        if (amount == 0) return;
        IWrappedNative(wrappedNative).withdraw(amount);
        (bool sent, ) = recipient.call{value: amount}("");
        require(sent, "SwapRouter: native transfer failed");
    }

    function multicall(bytes[] calldata data) external payable returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, bytes memory result) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
            results[i] = result;
        }
    }

    function _pull(address token, uint256 amount) private {
        require(IERC20Transfers(token).transferFrom(msg.sender, address(this), amount), "SwapRouter: transferFrom failed");
    }

    function _addReserve(bytes32 pool, address token, uint256 amount) private {
        reserves[pool][token] += amount;
        pooled[token] += amount;
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }
}
