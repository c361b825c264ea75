/**
 * Words that cannot start or end a topic phrase: function words, common verbs and adverbs of
 * review narration ("came out", "really quickly"), time words ("two weeks"), and counting words that only
 * emphasise ("not a single leak" is not a topic "single leak"). Hand-written.
 */
export const TOPIC_STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are around as at back be because been before being below
  between both but by can could did do does doing done down during each even ever every few for from further get gets
  got had has have having he her here hers him his how i if in into is it its itself just last let me more most my
  myself next no nor not now of off on once one only or other our ours out over own put same she should so some still
  such than that the their them then there these they this those through to too two three four five six under until
  up upon us very was we were what when where which while who whom why will with would you your yours also again
  always never ever really very pretty quite much many lot lots well back even yet already ago later soon today
  yesterday tomorrow week weeks day days month months year years hour hours minute minutes morning afternoon evening
  night time times came come comes coming went go goes going gone got get gave give given take took taken make made
  makes said say says told tell asked ask called call calls see saw seen look looked looks looking want wanted need
  needed know knew think thought feel felt seem seemed like liked love loved use used using try tried keep kept let
  showed show find found work worked working recommend recommended highly definitely absolutely thank thanks
  thankful glad happy sure able way thing things something anything everything nothing someone anyone everyone
  guys guy folks people person company business everything whole entire first second third new old other another
  since though although however also within without via per etc ok okay yes yeah oh wow single twice`.split(/\s+/),
);

/** Words so general in roofing reviews that a phrase made only of them says nothing ("new roof"). */
export const TOPIC_GENERIC: ReadonlySet<string> = new Set(
  `roof roofs roofing crew crews job jobs work project team home house place service services company contractor
  contractors owner office estimate quote price experience process install installation replacement repair repairs
  great good nice amazing excellent best better top quality living room side north south east west front rear
  upstairs downstairs part`.split(/\s+/),
);
