import { defineServerPlugin } from '@conjunto/core';
import manifest from '../manifest.ts';
import { ReservationArea } from './area.entity.ts';
import { reservationsInit } from './migrations/0001_reservations.ts';
import { reservationsReminded } from './migrations/0002_reservations_reminded.ts';
import { qrAreaRoutes } from './qr-area.ts';
import { REMINDER_JOB, remindReservations } from './reminders.ts';
import { Reservation } from './reservation.entity.ts';
import { reservationRoutes } from './routes.ts';
import { seedReservations } from './seed.ts';

export default defineServerPlugin({
  manifest,
  entities: [ReservationArea, Reservation],
  migrations: [reservationsInit, reservationsReminded],
  routes: reservationRoutes,
  // The spec's qrcode/qr_area paths (002 §7): the complex is the body's or the query's `conjunto`.
  compatibility: { prefix: '/api/qrcode', complexField: 'conjunto', routes: qrAreaRoutes },
  jobs: { [REMINDER_JOB]: remindReservations },
  // The evening reminder of tomorrow's approved reservations (reminders.ts), one schedule per complex.
  schedulable: [REMINDER_JOB],
  seedDemo: seedReservations,
});
