import { describe, expect, it } from 'vitest';

import {
  array,
  nullable,
  number,
  object,
  oneOf,
  optional,
  ResponseShapeError,
  string,
} from '#web/lib/shape.ts';

interface Card {
  id: string;
  votes: number;
  side: 'he' | 'she';
  note: string | null;
  tags: string[];
  extra?: string | undefined;
}

const card = object<Card>({
  id: string,
  votes: number,
  side: oneOf<Card['side']>({ he: true, she: true }),
  note: nullable(string),
  tags: array(string),
  extra: optional(string),
});

describe('response shapes', () => {
  it('when a response has every field it returns them and drops the others', () => {
    expect(
      card({ id: 'story_1', votes: 2, side: 'he', note: null, tags: ['a'], secret: 'x' }),
    ).toEqual({ id: 'story_1', votes: 2, side: 'he', note: null, tags: ['a'] });
  });

  it('when a field has another type it throws naming the field', () => {
    expect(() => card({ id: 'story_1', votes: '2', side: 'he', note: null, tags: [] })).toThrow(
      new ResponseShapeError('body.votes', 'a number'),
    );
    expect(() => array(card)([{ id: 1 }])).toThrow('Unexpected response: body[0].id');
  });

  it('when an enum field holds a value the contract does not have it throws', () => {
    expect(() => card({ id: 'story_1', votes: 0, side: 'them', note: null, tags: [] })).toThrow(
      'body.side is not one of he, she',
    );
  });

  it('when the response is not an object or a list it throws', () => {
    expect(() => card(null)).toThrow('body is not an object');
    expect(() => array(string)({})).toThrow('body is not a list');
  });
});
