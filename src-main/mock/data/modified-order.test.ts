import { describe, expect, it } from 'vitest';
import { createModifiedOrder, type Dated } from './modified-order.ts';

const at = (minute: number) => `2026-11-27T08:${String(minute).padStart(2, '0')}:00.000Z`;
const records = (...minutes: number[]) => minutes.map((minute, index) => ({ id: index, modifiedAt: at(minute) }));
const ids = (found: ReadonlyArray<{ id: number }>) => found.map((record) => record.id);

describe('the mock’s index on modifiedAt', () => {
  it('answers a delta with what changed at or after the instant, oldest first, whatever the list’s order', () => {
    const list = records(30, 5, 45, 10, 45);
    const order = createModifiedOrder();
    expect(ids(order.since(list, at(30)))).toEqual([0, 2, 4]);
    expect(ids(order.since(list, at(46)))).toEqual([]);
    expect(ids(order.since(list, at(0)))).toEqual([1, 3, 0, 2, 4]);
  });

  it('finds a record changed again once, at its new stamp, and not at its old place', () => {
    const list = records(10, 20, 30);
    const order = createModifiedOrder();
    expect(ids(order.since(list, at(15)))).toEqual([1, 2]);
    list[0]!.modifiedAt = at(40);
    order.touched(list, [list[0]!]);
    list[0]!.modifiedAt = at(50);
    order.touched(list, [list[0]!]);
    expect(ids(order.since(list, at(0)))).toEqual([1, 2, 0]);
    expect(ids(order.since(list, at(45)))).toEqual([0]);
    // Changed again in the same instant (a mock on a clock that stands still): still listed once.
    order.touched(list, [list[0]!]);
    expect(ids(order.since(list, at(45)))).toEqual([0]);
  });

  it('finds a record added to the list, and one stamped earlier than the last (the mock’s clock went back)', () => {
    const list: Array<Dated & { id: number }> = records(10, 20);
    const order = createModifiedOrder();
    order.since(list, at(0));
    list.push({ id: 2, modifiedAt: at(30) });
    order.touched(list, [list[2]!]);
    list[0]!.modifiedAt = at(25);
    order.touched(list, [list[0]!]);
    expect(ids(order.since(list, at(21)))).toEqual([0, 2]);
  });

  it('makes the order from the list as it is at its first change or question: earlier changes need no note, none is found twice', () => {
    const untouched = records(10, 20);
    untouched[0]!.modifiedAt = at(35);
    expect(ids(createModifiedOrder().since(untouched, at(30)))).toEqual([0]);

    const list = records(10, 20);
    const order = createModifiedOrder();
    list[0]!.modifiedAt = at(35);
    order.touched(list, [list[0]!]);
    expect(ids(order.since(list, at(0)))).toEqual([1, 0]);
  });
});
