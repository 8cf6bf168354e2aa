// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {sendValue} from "./Common.sol";
import {Owned} from "./Owned.sol";

error InvalidPayment();
error InvalidAmount();
error ExceedsCapacity();
error NotOperator();

/// Storage units rented per fid. Unlike the real registry (a USD price converted through a Chainlink
/// feed), the price is a fixed number of wei per unit that the owner sets: a dev chain has no price feed.
contract StorageRegistry is Owned {
    /// May grant units without payment (`credit`); its grants are logged with itself as the payer.
    address public operator;
    uint256 public unitPrice;
    uint256 public maxUnits;
    uint256 public rentedUnits;

    event Rent(address indexed payer, uint256 indexed fid, uint256 units);
    event SetUnitPrice(uint256 oldPrice, uint256 newPrice);

    function initialize(
        address initialOwner,
        address initialOperator,
        uint256 initialUnitPrice,
        uint256 initialMaxUnits
    ) external {
        _initializeOwner(initialOwner);
        operator = initialOperator;
        unitPrice = initialUnitPrice;
        maxUnits = initialMaxUnits;
    }

    function setUnitPrice(uint256 newPrice) external onlyOwner {
        emit SetUnitPrice(unitPrice, newPrice);
        unitPrice = newPrice;
    }

    function price(uint256 units) public view returns (uint256) {
        return units * unitPrice;
    }

    /// Rents `units` for `fid` (registered or not) and refunds what was paid above the price.
    function rent(uint256 fid, uint256 units) external payable returns (uint256 overpayment) {
        uint256 cost = price(units);
        if (msg.value < cost) revert InvalidPayment();
        _rent(msg.sender, fid, units);
        overpayment = msg.value - cost;
        if (overpayment > 0) sendValue(msg.sender, overpayment);
    }

    function credit(uint256 fid, uint256 units) external {
        if (msg.sender != operator) revert NotOperator();
        _rent(msg.sender, fid, units);
    }

    function _rent(address payer, uint256 fid, uint256 units) private {
        if (units == 0) revert InvalidAmount();
        if (rentedUnits + units > maxUnits) revert ExceedsCapacity();
        rentedUnits += units;
        emit Rent(payer, fid, units);
    }
}
