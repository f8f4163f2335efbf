import { describe, expect, it } from 'vitest';
import { deletionOrder } from './table-order.ts';

describe('deletionOrder', () => {
  it('puts every table before the tables it references', () => {
    const order = deletionOrder([
      { table: 'users', references: [] },
      { table: 'teams', references: ['users', 'rounds'] },
      { table: 'team_members', references: ['teams', 'users'] },
      { table: 'rounds', references: [] },
      { table: 'tree', references: ['tree'] },
    ]);
    expect(order.indexOf('team_members')).toBeLessThan(order.indexOf('teams'));
    expect(order.indexOf('teams')).toBeLessThan(order.indexOf('users'));
    expect(order.indexOf('teams')).toBeLessThan(order.indexOf('rounds'));
    expect(order).toContain('tree');
    expect(order).toHaveLength(5);
  });

  it('refuses a cycle instead of looping', () => {
    expect(() =>
      deletionOrder([
        { table: 'a', references: ['b'] },
        { table: 'b', references: ['a'] },
      ]),
    ).toThrow(/cycle/);
  });
});
