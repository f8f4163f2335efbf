import { defineModule } from '../app-module.ts';
import { registerUsersConsole } from './users.console.ts';
import { createUsersService } from './users.service.ts';

/** Accounts (parents and children): the one owner of the users table's queries. */
export const usersModule = defineModule({
  name: 'users',
  services: ({ db, clock, events }) => ({ users: createUsersService({ db, clock, events }) }),
  routes: (app, { services, console }) => registerUsersConsole(app, console, services),
});
