// The rule is shared with the server (wallet passes only for valid tickets).
export { type TicketState, ticketState } from '../../../common/ticket-state';
