import { describe, expect, it } from 'vitest';
import { ticketState } from './ticket-state';

describe('ticketState', () => {
  it('is valid for an active ticket of a paid order, refunds in part included', () => {
    expect(ticketState('ACTIVE', 'COMPLETED')).toBe('VALID');
    expect(ticketState('ACTIVE', 'PARTIALLY_REFUNDED')).toBe('VALID');
    expect(ticketState('ACTIVE', 'REFUND_PENDING')).toBe('VALID');
  });

  it('waits while the order is not paid', () => {
    expect(ticketState('AWAITING_PAYMENT', 'AWAITING_PAYMENT')).toBe('AWAITING_PAYMENT');
    expect(ticketState('ACTIVE', 'PROCESSING')).toBe('AWAITING_PAYMENT');
  });

  it('is cancelled when the ticket or its order was undone', () => {
    expect(ticketState('CANCELLED', 'COMPLETED')).toBe('CANCELLED');
    expect(ticketState('ACTIVE', 'REFUNDED')).toBe('CANCELLED');
    expect(ticketState('ACTIVE', 'CANCELLED')).toBe('CANCELLED');
  });
});
