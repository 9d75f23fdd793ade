// The seat map this feature draws plans with: the shared renderer (web/components/seat-map),
// the same the buyer's seat picker uses.
export { type SeatLook, SeatMap, type SeatPlace, SeatSwatch } from '../../components/seat-map/SeatMap';
