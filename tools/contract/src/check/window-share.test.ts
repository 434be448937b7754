import { describe, expect, it } from 'vitest'
import { rotated, rotationNote } from './window-share'

describe('the rotation of an operation’s own checks', () => {
  it('starts each run where its slot puts it, wrapping around', () => {
    const checks = ['a', 'b', 'c', 'd', 'e']
    expect(rotated(checks, 0)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(rotated(checks, 2)).toEqual(['c', 'd', 'e', 'a', 'b'])
    // Slot 7 with room for 2: start 14 mod 5; successive slots take the next two.
    expect(rotated(checks, 14).slice(0, 2)).toEqual(['e', 'a'])
    expect(rotated(checks, 16).slice(0, 2)).toEqual(['b', 'c'])
    expect(rotated([], 3)).toEqual([])
  })

  it('says how many runs, how far apart, cover them all', () => {
    expect(rotationNote(29, 1, 900)).toBe(
      'this run sent 1 of its 29 own checks, and the ones sent rotate: about 29 runs at least 450 s apart cover them all',
    )
    expect(rotationNote(50, 5, 900)).toMatch(/about 10 runs at least 450 s apart/)
    expect(rotationNote(12, 0, 900)).toMatch(/^none of its 12 own checks fit this run/)
  })
})
