import { describe, expect, it } from 'vitest';
import { extractMentions } from '../../../../core/insights/extract-mentions.ts';
import { withinOneEdit } from '../../../../core/insights/internal/edit-distance.ts';
import { business } from '../../../helpers/sample-model.ts';

const techs = (text: string) => extractMentions(text, business).technicians;
const services = (text: string) => extractMentions(text, business).services;

describe('technicians', () => {
  it('finds roster names, aliases and possessives', () => {
    expect(techs('Marco and his crew were great.')).toEqual(['marco']);
    expect(techs('Big Dave ran the crew and Tommy fixed the vent.')).toEqual(['dave', 'tomasz']);
    expect(techs("Jen's updates were great and Pria met the adjuster.")).toEqual(['jenna', 'priya']);
    expect(techs('Kyle B installed the gutters.')).toEqual(['kyle']);
  });
  it('accepts a one-letter misspelling of a name of five letters or more', () => {
    expect(techs('Tomaz fixed the flashing.')).toEqual(['tomasz']);
    expect(techs('Jenaa kept us posted.')).toEqual(['jenna']);
    expect(techs('Marcp was our crew lead.')).toEqual(['marco']);
  });
  it('does not stretch short names or accept two-letter misspellings', () => {
    expect(techs('Kale salad for lunch.')).toEqual([]);
    expect(techs('Tomato plants got trampled.')).toEqual([]);
    expect(techs('Ron came out.')).toEqual([]);
  });
  it('does not take every capitalised first name, or a relative with a roster name, for a technician', () => {
    expect(techs('My husband Jim called them after the storm.')).toEqual([]);
    expect(techs('My husband Dave called them after the storm.')).toEqual([]);
    // A relative word ends with its sentence: the next sentence's name is staff again.
    expect(techs('The crew was rude to my neighbor. Dave and the team fixed it.')).toEqual(['dave']);
    expect(techs('Our adjuster Ray was skeptical.')).toEqual([]);
    expect(techs('They finished in March before the rain.')).toEqual([]);
  });
  it('ignores a name written in lower case as an ordinary word, unless the whole text is lower case', () => {
    expect(techs('A ray of sunshine, that crew.')).toEqual([]);
    expect(techs('marco and his crew were great')).toEqual(['marco']);
  });
});

describe('services and towns', () => {
  it('maps catalog names, keywords and synonyms to service ids', () => {
    expect(services('We needed a new roof after the hail.')).toEqual(['roof-replacement', 'storm-damage']);
    expect(services('They fixed the leak over the skylight and cleaned the gutters.')).toEqual(['gutters', 'leak-repair', 'skylights']);
    expect(services('The re-roof took two days.')).toEqual(['roof-replacement']);
  });
  it('does not count a service the customer says they did not need', () => {
    expect(services("Ray told us we didn't need a new roof, just a repair.")).toEqual(['roof-repair']);
  });
  it('finds towns by service-area name', () => {
    expect(extractMentions('Best roofer in Fort Collins, and they drove up to Estes Park for my cabin.', business).serviceAreas).toEqual([
      'estes-park',
      'fort-collins',
    ]);
  });
  it('returns sorted, de-duplicated ids and nothing for an empty text', () => {
    expect(extractMentions('Marco, Marco, Marco!', business).technicians).toEqual(['marco']);
    expect(extractMentions('', business)).toEqual({ technicians: [], services: [], serviceAreas: [] });
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['tomasz', 'tomaz', true],
    ['jenna', 'jnena', true],
    ['marco', 'marcy', true],
    ['marco', 'maria', false],
    ['priya', 'priyaaa', false],
  ] as const)('%s ~ %s: %s', (a, b, expected) => expect(withinOneEdit(a, b)).toBe(expected));
});
