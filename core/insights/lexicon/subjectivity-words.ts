/**
 * Subjectivity and polarity of English adjectives (and a few other words), from the Pattern library's sentiment
 * lexicon (`pattern/text/en/en-sentiment.xml`, version 1.3, Tom De Smedt and Walter Daelemans, CLiPS, University
 * of Antwerp; released under the PDDL, Open Data Commons Public Domain Dedication and License — the file says
 * `license="PDDL"`; taken from Debian's `python3-pattern` 2.6+git20180818-4). Each entry is `word:polarity:subjectivity`,
 * polarity −1…1 and subjectivity 0 (a plain fact) … 1 (an opinion), averaged over the word's senses as Pattern
 * itself does and rounded to two decimals; 1,514 words. Read by the polarity layer (`subjectivityFeatures` in model/sentence-features.ts):
 * whether a target's clause holds any subjective word at all is what tells a plain fact from an opinion, the class
 * the reader errs on most. Licence and provenance: docs/insights.md, "Lexicons and their format".
 */
const ENTRIES = `
abhorrent:-0.7:0.8 able:0.5:0.62 above:0:0.1 abridged:0.1:0.5 abrupt:-0.12:1 absence:-0.01:0 absolute:0.2:0.9
absorbed:0.3:0.9 absorbing:0.2:0.95 absurd:-0.5:1 abundant:0.6:0.95 academic:0:0 accessible:0.38:0.38
accomplished:0.2:0.5 accurate:0.4:0.63 acquainted:0.5:0.6 across-the-board:0.1:0.9 acting:0:0 action:0.1:0.1
active:-0.13:0.6 actual:0:0.1 acuate:0.1:0.4 acute:0.6:0.9 adamant:0.1:0.7 addicted:-0.4:0.6 addictive:0:0.9
addled:-0.47:0.83 adept:0.6:0.9 adequate:0.33:0.33 adjectival:0.1:0.1 administrable:0:0.3 adorable:0.5:1
adoring:0.2:0.9 adult:0.1:0.3 advanced:0.4:0.6 adventurous:0.5:0.9 adversative:-0.1:0.3 advertent:0.5:0.9
aeriform:-0.25:0.75 affable:0.8:1 affirmative:0.6:0.9 affluent:0.65:0.95 afloat:0:0.1 aforementioned:0:0
afraid:-0.6:0.9 african:0:0 aged:-0.1:0.4 aghast:-0.6:0.9 agile:0.5:0.75 agitative:-0.6:1 aglow:0:0.2
ahw:0.3:0.9 aired:0.1:0.7 airheaded:0.5:1 alarming:-0.1:0.6 alas:-0.4:1 alcoholic:-0.25:0.5 algid:-0.4:0.9
alien:-0.25:0.75 alienating:-0.3:0.3 alive:0.1:0.4 all-around:0.2:0.4 alleged:-0.1:0.1 alleviated:0.5:0.8
allusions:-0.1:0.1 alternate:0:0 amateur:-0.25:0.25 amateurish:-0.4:0.8 amatory:0.1:0.1 amazing:0.6:0.9
ambitious:0.25:0.75 amenable:0.2:0.6 american:0:0 amusing:0.6:1 anger:-0.7:0.2 angered:-0.75:0.85 angry:-0.5:1
annoyed:-0.4:0.8 annoying:-0.8:0.9 anxious:-0.25:1 aphonic:-0.1:0.1 appalled:-0.8:1 appalling:-0.35:0.9
apparent:0.05:0.35 appealing:0.5:0.5 appetizing:0.2:0.6 applaudable:0.7:0.9 applicative:0.4:0.5
apportioned:0.3:0.6 apposite:0.4:0.8 appreciated:0.2:0.1 appreciative:0.6:0.9 approaching:0:0
appropriate:0.5:0.5 approximate:-0.4:0.6 apt:0.6:1 arbitrary:-0.1:0.6 archaeological:0:0 arduous:-0.35:0.85
aroused:0.1:0.6 arrest:-0.05:0 artesian:0.9:0.9 artificial:-0.6:1 artistic:0.33:1 ascetic:-0.5:0.9
ashen:-0.5:0.6 asian:0:0 askew:-0.1:0.4 assumptive:-0.5:1 astonishing:0.5:1 astounding:0.6:1 astute:0.55:0.9
atmospheric:0:0 atrocious:-0.7:1 attendant:0.2:0.4 attention-getting:0.4:0.8 attentive:0.4:0.9
attractive:0.8:1 atypical:0:0.2 aureate:0.2:0.2 australian:0:0 authentic:0.5:0.75 authoritative:0.3:0.9
autistic:-0.2:0.2 autobiographical:0:0 autonomous:0.4:0.7 available:0.4:0.4 average:-0.15:0.4 avid:0.25:1
aware:0.25:0.25 aweary:-0.5:0.6 awesome:1:1 awful:-1:1 awkward:-0.6:1 aww:0.3:0.9 awww:0.4:0.9 awwww:0.5:0.9
axiomatic:0:0.3 back:0:0 bad:-0.7:0.67 badness:-0.3:0.2 balmy:0.1:0.85 banal:-0.3:0.5 banded:0:0.1
bang-up:0.4:0.7 barbarian:-0.7:0.95 barbarous:0:0.9 bare:0.05:0.1 base:-0.8:1 basic:0:0.12 bass:-0.15:0.5
battleful:-0.6:0.9 beautiful:0.85:1 becoming:0.45:0.85 beefy:0.2:0.9 behind:-0.4:0.7 believable:0.5:0.5
beloved:0.7:1 best:1:0.3 better:0.5:0.5 bewitching:0.7:1 big:0:0.1 bigger:0:0.5 biographic:0:0 bitter:-0.1:0.5
bizarre:0.4:0.6 black:-0.17:0.43 bland:-0.17:0.83 blank:0:0 blasted:-0.6:0.9 blatant:-0.5:0.5 bleak:-1:1
blech:-0.8:1 blind:-0.5:0.67 blonde:0:0 bloodstained:-0.6:0.8 bloodthirsty:-0.5:0.9 bloody:-0.8:0.9 blue:0:0.1
bodily:0:0.1 bogged:-0.2:0.1 boilerplate:-0.1:0 bold:0.33:0.67 bonny:0.3:0.9 bootleg:-0.4:0.9 bored:-0.5:1
boring:-1:1 boundless:-0.2:0.7 brainsick:-0.5:0.9 brash:-0.2:0.9 bravado:-0.2:0.4 brave:0.8:1 breathtaking:1:1
brief:0:0.33 bright:0.7:0.8 brilliant:0.9:1 british:0:0 broad:0.06:0.31 broad-minded:0:0.6 broken:-0.4:0.4
brushed:0:0.1 brutal:-0.88:1 budding:0.1:0.2 busy:0.1:0.3 cacophonous:-0.4:0.8 calculable:-0.5:0.8
calm:0.3:0.75 can't:-0.1:0.1 candid:0.6:0.8 capable:0.2:0.4 captivating:0.5:1 captive:0.2:0.6 cardiac:-0.05:0
careful:-0.1:1 careless:-0.5:0.9 cast-iron:0.9:0.9 casual:-0.5:0.87 catching:0.6:0.9 catholic:0:0.1
caustic:-0.4:0.6 ceaseless:-0.1:0.4 celebrated:0.35:0.75 center:-0.1:0.1 central:0:0.25 centric:0:0.1
ceremonial:0.05:0.35 certain:0.21:0.57 challenging:0.5:1 changeless:-0.05:0.15 characteristic:-0.07:0.47
charismatic:0.5:1 charitable:0.6:0.8 charming:0.7:1 cheap:0.4:0.7 cheerful:0.4:1 cheery:0.7:1
cheesiest:-0.4:0.5 cheesy:-0.5:1 chicken:-0.6:0.95 childish:-0.2:0.8 chilling:-0.5:0.9 chilly:-0.6:0.9
chinese:0:0 chitchat:-0.2:0.3 choppy:-0.2:0.2 christian:0:0 chronological:0:0 churning:-0.5:0.9
cinematic:0:0.2 civilized:0.4:0.9 classic:0.17:0.17 classical:0:0 classy:0.1:0.9 claustrophobic:-0.75:0.75
clean:0.37:0.7 cleanly:0.3:0.7 clear:0.1:0.38 clever:0.17:0.83 closed:-0.1:0.1 cloud-covered:-0.2:0.6
cloudless:0.1:0.1 cluelessness:-0.1:0.2 clumsy:-0.3:0.4 coarse:0:0.5 cocky:-0.2:0.9 coherent:0.5:0.7
cold:-0.6:1 collectible:-0.5:0.8 colorful:0.3:0.4 colossal:0.3:0.8 coma:-0.1:0 come-at-able:0.3:0.5
comfortable:0.4:0.8 comic:0.25:0.5 comical:0.5:1 commercial:0:0 commercialism:-0.1:0 common:-0.3:0.5
compelling:0.3:0.6 competent:0.5:0.67 complained:-0.3:0.2 complaint:-0.3:0.2 complete:0.1:0.4 complex:-0.3:0.4
complicated:-0.5:1 complimentary:0.3:0.5 comprehensible:0.4:0.7 concavo-convex:0:0 conceivable:0.1:0.3
conceptional:0:0.5 concise:0.1:0.6 concrete:0.15:0.3 confident:0.5:0.83 confirmed:0.4:1 confused:-0.4:0.7
confusing:-0.3:0.4 conscious:0.1:0.5 consecrated:0.2:0.6 considerable:0.1:0.45 consistent:0.25:0.25
constant:0:0.33 consummate:0.95:1 contemporary:0.17:0.17 contestable:-0.4:0.9 contingent:-0.1:0.6
contrived:-0.5:0.75 controversial:0.55:0.95 conventional:-0.14:0.36 convex:0.2:0.6 convincing:0.5:1
cool:0.35:0.65 coriaceous:-0.3:1 corporate:0:0 corpulent:-0.5:0.9 corrupt:-0.5:1 corruptible:-0.6:0.9
cosmopolitan:0:0.1 countless:0:0.5 courteous:0.6:1 cow:-0.13:0.17 cozy:-0.2:0.75 crafty:0.4:0.9 crap:-0.8:0.8
crazy:-0.6:0.9 creative:0.5:1 credible:0.4:0.7 creepy:-0.5:1 criminal:-0.4:0.55 crisp:0.25:0.42 critical:0:0.8
crooked:0:0.1 cross:0:0 crucial:0:1 cruddy:-0.9:0.9 crude:-0.7:1 cruel:-1:1 crushed:-0.1:0.1 crushing:0.4:0.9
crying:-0.2:0.6 culinary:0:0 cultural:0.1:0.1 cunning:0:0.7 curious:-0.1:1 current:0:0.4 cursive:0:0
cushy:0.9:1 cute:0.5:1 cutting:-0.6:0.9 cynical:-0.6:1 daily:0:0 dainty:0.9:1 dangerous:-0.6:0.9
dark:-0.15:0.4 dazed:-0.5:0.8 dazzling:0.75:1 dead:-0.2:0.4 deadly:-0.83:1 deadpan:-0.55:0.85
debauched:-0.8:0.9 decent:0.17:0.67 decreased:-0.4:0.7 deep:0:0.4 defecates:-0.1:0 defenseless:-0.4:0.8
deficient:-0.4:0.7 definite:0:0.5 definitely:0:1 deft:0.6:0.9 delicate:-0.3:0.9 delicious:1:1
delighted:0.7:0.7 delightful:1:1 deluxe:0.6:0.9 denominational:0:0 deplorable:-0.6:0.9 depress:-0.07:0.03
depressing:-0.6:0.9 deserving:0.6:0.8 desperate:-0.6:1 destroy:-0.2:0 destroying:-0.2:0 destructive:-0.6:0.6
detailed:0.4:0.75 devastating:-1:1 developed:0.1:0.3 devoid:-0.1:0.2 dextral:0:0.1 dialectal:-0.2:0.7
diaphanous:-0.2:0.6 didactic:-0.5:0.8 different:0:0.6 difficult:-0.5:1 diffident:-0.2:0.8 digital:0:0
dim:0.1:0.5 dim-witted:-0.6:1 direct:0.1:0.4 dirty:-0.6:0.8 disabled:-0.2:0.3 disappointed:-0.75:0.75
disappointing:-0.6:0.7 disappointment:-0.6:0.4 disastrous:-0.7:0.8 disbelieving:-0.1:0.8
discourteous:-0.65:0.95 diseased:-0.6:0.75 disgusted:-1:1 disgusting:-1:1 dishonest:-0.3:0.5 disliked:-0.2:0.6
dispossessed:-0.1:0.1 distant:-0.1:0.35 distasteful:-0.5:0.7 distinct:0.3:0.3 distraught:-0.6:1
disturbing:-0.5:0.8 diurnal:0:0 documentary:0:0 domestic:0:0.1 double:0:0 doubtful:-0.8:0.9 dowdy:-0.5:0.8
down:-0.16:0.29 drag:-0.1:0.07 dramatic:-0.43:0.6 dreadful:-1:1 dried:-0.2:0.6 drowned:-0.1:0.1 drunk:-0.5:1
dry:-0.07:0.6 dudsville:-0.2:0.7 due:-0.12:0.38 duh:-0.3:0.6 duhhh:-0.5:0.6 duhhhh:-0.5:0.6 dull:-0.29:0.5
dulls:-0.1:0.1 dumb:-0.38:0.5 dusty:-0.4:0.6 duuuh:-0.5:0.6 dynamic:0:0.17 earlier:0:0.5 early:0.1:0.3
easy:0.43:0.83 eccentric:0:0.5 ecological:0.4:0.6 economic:0.2:0.2 economical:0.3:0.9 edgy:-0.3:0.75
educational:0.25:0.25 eerie:-0.5:1 effective:0.6:0.8 effing:-0.5:0.7 egoistic:-0.8:1 elaborate:0.5:1
elect:0.8:0.9 elegant:0.5:1 elementary:0.3:0.9 emotional:0:0.65 empirical:0.1:0.1 empty:-0.1:0.5
endearing:0.5:0.5 endless:-0.12:0.75 energetic:0.5:0.5 engaging:0.4:0.7 english:0:0 engrossing:0.6:0.7
enigmatic:0.1:0.6 enjoy:0.4:0.5 enjoyable:0.5:0.6 enjoyed:0.5:0.7 enjoying:0.5:0.6 enlightening:0.3:0.4
enormous:0:0.9 enough:0:0.5 entertaining:0.5:0.7 enthusiastic:0.6:0.9 entire:0:0.62 epic:0.1:0.4 equal:0:0.25
erotic:0.7:0.9 erroneous:-0.5:0.6 erstwhile:0:0.1 erudite:0.1:0.2 especially:0:1 essential:0:0.3
ethical:0.2:0.6 european:0:0 everyday:-0.2:0.6 evident:0.25:0.25 evil:-1:1 exact:0.25:0.25 exaggerated:-0.5:1
excellent:1:1 exceptional:0.67:1 excessive:-0.25:1 excited:0.38:0.75 exciting:0.3:0.8 excruciatingly:-0.1:0.3
excuse:-0.03:0.03 exhausted:-0.4:0.7 exhausting:-0.4:0.5 exhilarating:0.7:0.9 exotic:0.5:1 expected:-0.1:0.4
expensive:-0.5:0.7 experienced:0.8:0.9 experimental:0.1:0.4 exploitative:-0.3:0.3 expressive:0.8:1
exquisite:1:1 extensive:0:0.33 external:0:0.1 extinct:-0.4:0.6 extra:0:0.1 extraordinary:0.33:1
extreme:-0.12:1 exuberant:0.05:0.9 fabled:0.7:0.9 fabricated:0:0.75 fabulous:0.4:1 facial:0:0 fail:-0.5:0.3
failed:-0.5:0.3 fails:-0.5:0.3 failure:-0.32:0.3 faint:-0.5:1 fair:0.7:0.9 fake:-0.5:1 false:-0.4:0.6
familiar:0.38:0.5 famous:0.5:1 fanatic:-0.3:0.8 fantastic:0.4:0.9 far:0.1:1 far-out:0.4:1 farce:-0.4:0.5
farcical:-0.4:0.4 farthermost:0:0.8 fascinating:0.7:0.85 fast:0.2:0.6 fatty:-0.2:0.4 faultless:1:1
favored:0.8:0.9 favorite:0.5:1 fearful:-0.9:1 feeble:-0.5:1 felicitous:0.7:1 female:0:0.17 feverish:-0.1:0.4
few:-0.2:0.1 fictional:0:0.25 fiendish:-0.6:0.7 fiftieth:0.1:0.1 filled:0.4:0.9 filthy:-0.8:1 final:0:1
financial:0:0 fine:0.42:0.5 fine-looking:0.6:1 firm:-0.2:0.4 first:0.25:0.33 first-string:0.6:0.9 fit:0.4:0.4
fitting:0.5:0.5 fixed:0.1:0.2 flashy:-0.5:0.5 flat:-0.03:0.12 flawed:-0.5:0.5 flawless:1:1 flippant:0.4:0.9
fluff:-0.1:0.3 fluffy:-0.2:0.4 fluid:0:0.1 fly:0.8:0.9 following:0:0.1 forced:-0.3:0.2 forcible:0.5:1
foreign:-0.12:0.12 forgetful:-0.1:0.4 forgettable:-0.5:0.5 former:0:0 formulaic:0:0 fortunate:0.4:0.7
fourth:0:0 fragile:0:0.5 free:0.4:0.8 free-thinking:0:0.9 freestanding:0:0.1 french:0:0 frequent:0.1:0.3
fresh:0.3:0.5 friendly:0.38:0.5 frightening:-0.5:1 frigid:-0.9:1 fringy:0.3:0.9 frostbitten:-0.5:0.6
frustrated:-0.7:0.2 frustrating:-0.4:0.9 frustratingly:-0.2:0.2 fuck:-0.4:0.6 fucked:-0.6:0.7 fucking:-0.6:0.8
full:0.35:0.55 full-bodied:-0.1:0.6 full-fledged:0.6:0.9 full-length:0.03:0.43 fun:0.3:0.2 funny:0.25:1
further:0:0.5 furtive:-0.1:0.5 future:0:0.12 game:-0.4:0.4 gamechanger:0.3:0 gargantuan:-0.05:0.8
gawky:-0.55:0.95 gay:0.42:0.58 general:0.05:0.5 generic:0:0 gentle:0.2:0.8 genuine:0.4:0.5 german:0:0
gettable:0.1:0.1 giant:0:1 gifted:0.5:1 gimmicky:-0.2:0.5 glad:0.5:1 global:0:0 gloom:-0.13:0.13
gluey:-0.4:0.5 godforsaken:-0.4:0.75 golden:0.3:0.5 good:0.7:0.6 goody-goody:-0.5:1 goofy:0.5:1
gorgeous:0.7:0.9 gory:-0.5:1 grand:0.5:1 grandiloquent:-0.6:0.9 graphic:0:0.4 gratuitous:-0.5:0.83
great:0.8:0.75 greater:0.5:0.5 greatest:1:1 greek:0:0 green:-0.2:0.3 grey:-0.05:0.1 grief:-0.8:0.2
grievous:-0.8:1 grim:-1:1 gripping:0.5:1 gritty:0:0.75 gross:0:0 grotesque:-0.55:1 grr:-0.7:0.8 grrr:-0.7:0.8
grrrr:-0.7:0.8 grudging:-0.6:1 gruesome:-1:1 guarded:0.4:0.6 guilty:-0.5:1 haha:0.2:0.3 hahaha:0.2:0.4
hahahaha:0.2:0.5 hahahahaha:0.2:0.6 half:-0.17:0.17 hand-held:0:0 handsome:0.5:1 handy:0.6:0.9
haphazard:-0.6:0.8 hapless:-0.6:1 happiness:0.7:0.2 happy:0.8:1 hard:-0.29:0.54 harder:-0.1:0 harsh:-0.2:0.7
hate:-0.8:0.9 hated:-0.9:0.7 hazardous:0.6:0.9 healthy:0.5:0.5 heartfelt:0:1 heavy:-0.2:0.5 heroic:0.7:0.9
hidden:-0.17:0.33 high:0.16:0.54 higher:0.25:0.5 hilarious:0.5:1 hindered:-0.2:0.1 historic:0:0 historical:0:0
hit-and-miss:-0.2:0 hollow:-0.07:0.03 honest:0.6:0.9 honest-to-god:-0.5:0.9 horrible:-1:1 horrific:-1:1
horrifying:-0.9:1 hot:0.25:0.85 huge:0.4:0.9 human:0:0.1 humble:-0.2:0.4 humorous:0.5:1 hysterical:-1:1
icky:-0.3:0.6 iconic:0.5:0.5 icy:-0.1:0.1 ideal:0.9:1 identifiable:0.1:0.5 idiocy:-0.3:0.4 idiot:-0.8:0.8
idiotic:-0.67:0.83 idiots:-0.8:0.8 ill:-0.5:1 illegal:-0.5:0.5 imaginative:0.6:0.7 imbecile:-0.8:1
imitation:-0.13:0 immanent:-0.1:0.4 immense:0:1 impassive:-0.4:0.8 impatient:-0.2:0.9 impeccable:0.75:0.75
imperceptible:-0.2:0.2 implicated:-0.4:0.5 important:0.4:1 impossible:-0.67:1 impressed:1:1 impressive:1:1
inapposite:-0.8:1 inarticulate:-0.1:0.5 inauspicious:-0.5:0.9 incalculable:0:0.7 incoherent:-0.2:0.17
incomparable:0.4:0.6 incompetent:-0.38:0.4 inconsistencies:-0.1:0 inconvenient:-0.6:1 incorruptible:0.5:0.8
incredible:0.9:0.9 incurable:-0.5:0.6 indecipherable:-0.55:0.75 independent:0:0.12 indie:0:0
indispensable:0.4:0.9 individual:0:0.4 indomitable:0:0.9 ineluctable:-0.1:0.4 inevitable:0:1
inexpedient:-0.5:0.9 inexperienced:-0.1:0.6 inexplicable:-0.6:0.9 inexpressible:0.05:0.7 infamous:-0.5:1
infantile:-0.4:0.35 infatuated:-0.2:0.2 inflexible:-0.4:0.6 infuriating:-0.6:0.8 ingenious:0.5:1
inhumane:-0.9:0.9 initial:0:0 inner:0:0.17 innocent:0.5:0.7 innovative:0.5:1 insane:-1:1 insecure:-0.5:0.88
inspirational:0.5:1 inspiring:0.5:1 instant:0:0.67 insulting:-1:1 insultingly:-0.3:0.4 intellectual:0.3:0.4
intelligent:0.8:0.9 intelligentsia:-0.1:0.2 intense:0.2:1 interested:0.25:0.5 interesting:0.5:0.5 internal:0:0
international:0:0 intimate:0.2:0.6 intriguing:0.3:0.4 inventive:0.5:1 irish:0:0 ironic:0.2:0.9
irrelevant:-0.5:1 irritating:-0.4:0.8 isn't:-0.2:0.1 italian:0:0 jackass:-0.5:0.9 jackasses:-0.5:0.9
jail:-0.1:0 jammed:-0.1:0.6 japanese:0:0 jewish:0:0 joy:0.8:0.2 justified:0.4:0.9 juvenile:-0.25:0.25 key:0:1
killed:-0.2:0 kind:0.6:0.9 lame:-0.5:0.75 large:0.21:0.43 larger:0:0.5 last:0:0.07 lasting:0:0 late:-0.3:0.6
later:0:0 latest:0.5:0.9 latter:0:0 laugh:0.3:0.1 laughable:-0.5:1 laughed:0.7:0.2 lawful:0:0 lazy:-0.25:1
leaden:-0.2:0.27 least:-0.3:0.4 left:0:0 leftist:-0.05:0.6 legal:0.2:0.2 legendary:1:1 legible:0.2:0.6
lenient:0.5:0.9 less:-0.17:0.07 lesser:0:0.5 liable:-0.1:0.5 licentious:0.4:0.9 lifelike:0.3:0.6
lifelong:-0.1:0.6 light:0.4:0.7 light-hearted:0.5:1 likable:0.5:0.5 liked:0.6:0.8 likely:0:1
limited:-0.07:0.14 limp:-0.2:0.5 linguistic:0.1:0.1 literary:0.1:0.1 little:-0.19:0.5 live:0.14:0.5
lively:0.67:0.93 lmao:0.6:1 local:0:0 logical:0.25:0.25 lol:0.8:0.7 lolol:0.8:0.8 lonely:-0.1:0.7
long:-0.05:0.4 long-winded:-0.2:0.9 loose:-0.08:0.27 losers:-0.2:0.2 loses:-0.3:0.1 loud:0.1:0.8
lousy:-0.5:0.5 lovable:0.5:0.5 love:0.5:0.6 loved:0.7:0.8 lovely:0.5:0.75 loving:0.6:0.95 low:0:0.3
loyal:0.33:0.83 lucky:0.33:0.83 lush:0.1:0.3 lyric:0.25:0.65 mad:-0.62:1 magic:0.5:1 magical:0.5:1
magnificent:1:1 main:0.17:0.33 major:0.06:0.5 maladroit:-0.47:0.8 male:0:0.1 malevolent:-0.8:1
mannerly:0.5:0.9 manorial:0:0.1 manque:0.1:0.4 many:0.5:0.5 many-sided:0:0.1 marked:0.1:0.6 married:0.25:0.25
martial:0:0 marvelous:1:1 masculine:0.1:0.3 massive:0:1 masterful:1:1 mathematical:0:0 mature:0.1:0.1
meager:-0.6:1 mean:-0.31:0.69 meaningful:0.5:0.5 meaningless:-0.5:1 measly:-0.57:0.87 medical:0:0
medicative:0.1:0.1 medieval:0:0 mediocre:-0.5:1 mediocrity:-0.2:0.2 melodrama:-0.3:0.2 memorable:0.5:1
menacing:-1:1 mental:-0.1:0.2 merciless:-0.7:1 mere:-0.5:0.5 mesmerizing:0.3:0.7 mess:-0.15:0.15
messy:-0.2:0.4 metaphorical:0:0.2 mexican:0:0 mid:0:0 middle:0:0 mighty:0.4:0.9 mild:0.33:0.5
military:-0.1:0.1 mind-boggling:0.5:1 mindless:-0.2:0.9 minimal:-0.1:0.6 minor:-0.05:0.2 minus:-0.1:0.1
miserable:-1:1 misfire:-0.2:0.2 misplaced:-0.2:0.2 missing:-0.2:0.05 mixed:0:0.25 mod:0.2:0.4 moderate:0:0.7
modern:0.2:0.3 modest:0.1:0.9 monkey:-0.05:0 monosyllabic:-0.1:0 moral:0:0.25 moralizing:-0.3:0.4 more:0.5:0.5
moron:-0.8:1 morons:-0.8:1 most:0.5:0.5 motley:0.6:0.9 mouth-watering:0.7:0.95 much:0.2:0.2 muggy:-0.6:0.8
multilateral:0.1:0.2 multiple:0:0 mundane:-0.17:0.17 musical:0:0 muzak:-0.05:0 mysterious:0:1 naive:-0.3:1
naked:0:0.4 nameless:-0.5:0.9 narrow:-0.2:0.4 nasty:-1:1 natural:0.1:0.4 naturalistic:0.4:0.6
naughty:-0.15:0.9 nauseated:-0.4:0.6 near:0.1:0.4 necessary:0:1 needless:-0.5:1 negative:-0.3:0.4
nerve-racking:-0.4:1 net:0:0 new:0.14:0.45 next:0:0 nice:0.6:1 noble:0.6:0.9 nonviolent:0.4:0.6
normal:0.15:0.65 norwegian:0:0 nostalgic:-0.5:1 notable:0.5:0.5 numb:-0.6:1 numerous:0:0.5 obedient:0.4:0.9
objective:0:0.1 obsessed:-0.5:1 obstacles:-0.05:0 obvious:0:0.5 occasional:0:0.12 odd:-0.17:0.25
offbeat:-0.5:0.5 offers:0.1:0 ok:0.5:0.5 okay:0.5:0.5 old:0.1:0.2 older:0.17:0.33 only:0:1 oozes:-0.2:0.2
open:0:0.5 open-minded:0.4:0.7 opposite:0:0 optimum:0.7:0.9 ordinary:-0.25:0.5 original:0.38:0.75
orthodox:-0.2:0.6 other:-0.12:0.38 outdated:-0.4:0.63 outraged:-0.9:1 outrageous:-1:1 outside:0:0.05
outstanding:0.5:0.88 over-the-top:-0.5:1 overall:0:0 overboard:-0.25:0.15 overexcited:-0.4:0.9
overwhelming:0.5:1 own:0.6:1 painful:-0.7:0.9 pale:-0.15:0.17 palpable:0:0.5 parade:-0.24:0.22 parallel:0:0
partial:-0.1:0.3 particular:0.17:0.33 passionate:-0.05:0.85 past:-0.25:0.25 pathetic:-1:1 peaceful:0.25:0.5
peaky:0.1:0.4 peevish:-0.4:0.6 peppery:-0.1:0.5 perfect:1:1 perpetually:-0.05:0.2 perplexed:0.4:0.9
personal:0:0.3 phantasmagoric:0:0.1 phenomenal:0.5:0.5 philosophic:0.2:0.3 philosophical:0:0 physical:0:0.14
pinheads:-0.3:0.5 pink:-0.1:0.3 pious:0:0.3 pity:-0.1:0.2 pivotal:0.5:0.8 placid:-0.3:0.7 plain:-0.21:0.36
platitudes:-0.2:0.2 plausible:0.5:0.5 pleasant:0.73:0.97 pleased:0.5:1 pleonastic:-0.5:0.9 plod:-0.2:0.2
plodding:-0.3:0.6 poetic:0.38:0.75 poignant:0:0.5 pointless:-0.25:0.5 polar:-0.08:0.25 political:0:0.1
poor:-0.4:0.6 popular:0.6:0.9 positive:0.23:0.55 possible:0:1 potent:0.5:0.5 potential:0:1 powerful:0.3:1
powerless:-0.5:0.9 preachy:-0.2:0.3 precious:0.5:1 precise:0.4:0.8 predictable:-0.2:0.5 pregnant:0.33:0.5
present:0:0 pretentious:-0.3:0.7 pretty:0.25:1 previous:-0.17:0.17 priceless:1:1 primary:0.4:0.5 prior:0:0
prissy:-0.3:0.4 private:0:0.38 professional:0.1:0.1 profitering:-0.3:0.2 profound:0.08:1 prolix:-0.6:0.9
prominent:0.5:1 promising:0.2:0.5 propaganda:-0.1:0.1 proper:0:0.1 proud:0.8:1 proves:0.3:0
psychological:0:0.1 psychotic:-0.5:1 public:0:0.07 pure:0.21:0.5 putative:-0.07:0.4 questionable:-0.5:1
quick:0.33:0.5 quiet:0:0.33 quirky:0:1 quixotic:0.2:0.5 rancorous:-0.8:1 random:-0.5:0.5 rank:-0.8:0.9
rare:0.3:0.9 raucous:-0.3:0.6 raunchy:-0.5:1 raw:-0.23:0.46 ready:0.2:0.5 real:0.2:0.3 realistic:0.17:0.33
really:0:1 reasonable:0.2:0.6 recent:0:0.25 recognizable:0.25:0.25 red:0:0 redeeming:0.5:0.5
redoubtable:0.6:0.9 redundant:-0.2:0.2 refreshing:0.5:1 regrets:-0.1:0.2 regular:0:0.08 regurgitates:-0.3:0.3
rehash:-0.05:0 related:0:0.4 relative:0:0 relevant:0.4:0.9 religious:0:0.25 remarkable:0.75:0.75
reminiscent:0:0.5 remote:-0.1:0.2 repellent:-0.9:1 repetitive:-0.25:0.25 reputable:0.5:0.8 resourceful:0.6:0.9
respectable:0.5:0.5 respectful:0.5:0.7 respective:0:0.1 responsible:0.2:0.55 retard:-0.9:1 retarded:-0.8:0.8
retards:-0.9:1 rewarding:0.5:1 rich:0.38:0.75 ridiculous:-0.33:1 right:0.29:0.54 right-minded:0.1:0.4
rightist:-0.2:0.4 rip-off:-0.4:0.5 risk-free:0.4:0.6 riveting:0.5:1 robotic:-0.1:0.2 rofl:0.8:0.9
rohypnol:-0.1:0 romantic:0:0.5 rose:0.6:0.95 rough:-0.1:0.4 roughage:-0.1:0 round:-0.2:0.4 rude:-0.3:0.6
ruins:-0.15:0.2 rural:0:0 russian:0:0 ruthless:-1:1 sad:-0.5:1 sadism:-0.05:0 safe:0.5:0.5 same:0:0.12
sarcastic:0.1:0.8 satisfied:0.5:1 satisfying:0.5:1 satisyfing:0.6:0.4 scarey:-0.5:1 scary:-0.5:1
scathing:-0.6:1 scum:-0.3:0.4 seamless:0.1:0.1 seasoned:0.25:0.25 sec:-0.1:0.6 second:0:0 secondary:-0.3:0.3
secondhand:-0.1:0.3 secret:-0.4:0.7 secure:0.4:0.6 seizures:-0.05:0 self-acting:0:0.1 selfish:-0.5:1
sensational:0.67:0.67 sensitive:0.1:0.9 sentimental:-0.25:1 serious:-0.33:0.67 seriously:-0.1:1
sermon:-0.23:0.3 several:0:0 sexual:0.5:0.83 sexy:0.5:1 shady:-0.25:0.62 shaky:-0.33:0.5 shallow:-0.33:0.5
sham:-0.2:0.3 shapeless:-0.2:0.3 sharp:-0.12:0.75 sheer:0:0.75 shit:-0.2:0.8 shocked:-0.7:0.8 shocking:-1:1
shoddy:-0.3:0.5 short:0:0.3 shouldn't:-0.1:0.3 showery:-0.2:0.4 shrieky:-0.4:0.4 shrill:-0.4:0.6 shy:-0.5:0.5
sick:-0.71:0.86 sickening:-0.9:1 significant:0.38:0.88 silent:0:0.1 silly:-0.5:0.88 similar:0:0.4
simple:0:0.36 simplistic:-0.5:0.5 sincere:0.5:0.5 single:-0.07:0.21 sinister:-0.5:1 sinks:-0.1:0
sixth-grade:-0.05:0 skeptical:-0.5:0.5 skilled:0.5:0.5 skittish:0.7:0.8 slick:-0.25:0.38 slight:-0.17:0.17
slipping:-0.1:0.1 sloppy:-0.42:0.75 slow:-0.3:0.4 small:-0.25:0.4 smaller:0:0.5 smart:0.21:0.64 smile:0.3:0.1
smiled:0.6:0.2 smooth:0.4:0.5 sober:0.1:0.2 social:0.03:0.07 soft:0.1:0.35 soft-boiled:-0.1:1 sole:0:0.25
solicitous:0.3:0.85 solid:0:0.1 sophisticated:0.5:1 sophomoric:-0.2:0.4 sorry:-0.5:1 sound:0.4:0.4
sour:-0.16:0.11 soured:-0.3:0.1 southern:0:0 spanish:0:0 special:0.36:0.57 specific:0:0.12 spectacular:0.6:0.9
spent:-0.1:0.1 spirited:0.5:1 spiritual:0:0.13 splendid:0.83:1 spontaneous:0.6:0.9 spoof:-0.1:0.2
sprightly:0.4:0.7 stabbing:-0.6:0.8 stainless:0.2:0.2 stale:-0.5:0.5 standard:0:0 stark:-0.2:0.6
starting:0:0.1 startling:-0.5:0.5 state-supported:0.1:0.2 static:0.5:0.9 steadfast:0.4:0.8 steady:0.17:0.5
stellar:0.25:0.25 stereotyped:-0.1:0.9 stereotypical:-0.5:1 stiff:-0.21:0.5 stinker:-0.5:0.6 stinks:-0.6:0.5
straight:0.2:0.4 straightforward:0.38:0.38 strange:-0.05:0.15 stretched:-0.05:0 striking:0.5:1
strong:0.43:0.73 strutting:-0.3:0.4 stumble:-0.05:0.1 stunning:0.5:1 stupid:-0.8:1 stupidity:-0.6:1
stylish:0.5:1 subconscious:0:0.55 subject:-0.17:0.33 subnormal:-0.6:0.9 subsequent:0:0.05 subtle:-0.33:0.5
suburban:0:0 succeeds:0.7:0.1 success:0.3:0 successful:0.75:0.95 such:0:0.5 sucker:-0.3:0.8 suckers:-0.3:0.8
sucks:-0.3:0.3 sudden:0:0.5 suffers:-0.6:0.7 suffocating:-0.5:0.5 suitable:0.55:0.75 super:0.33:0.67
superb:1:1 superfine:0.4:0.9 superior:0.7:0.9 supernatural:0.17:0.57 supporting:0.25:0.25 supportive:0.5:1
sure:0.5:0.89 surprised:0.1:0.9 surprising:0.7:0.5 surreal:0.25:1 suspenseful:0:1 sweet:0.35:0.65
swill:-0.1:0.2 sympathetic:0.5:1 talented:0.7:0.9 tame:-0.22:0.22 tasteless:-0.6:0.9 technical:0:0.1
tedious:-0.5:1 teen:0:0 teenage:0:0 ten:0:0 tense:-0.33:0.5 terminally:-0.4:0.5 terrestrial:0:0.1
terrible:-1:1 terrific:0:1 terrifying:-1:1 thanks:0.2:0.2 theatrical:0:0 thematic:0:0 theoretical:0:0.1
thick:-0.3:0.47 thin:-0.4:0.85 third:0:0 thought-provoking:0.4:0.3 thoughtful:0.4:0.5 thrilled:0.6:0.7
thrilling:0.25:1 tidy:0.6:0.8 tight:-0.18:0.29 tiny:0:0.5 tired:-0.4:0.7 tiresome:-0.5:1 titular:0.1:0.1
toilet:-0.03:0 toneless:-0.1:0.2 top:0.5:0.5 top-notch:1:1 topical:0:0.05 total:0:0.75 touching:0.5:0.5
tough:-0.39:0.83 traditional:0:0.75 tragic:-0.75:0.75 trapped:-0.2:0 tremendous:0.33:1 trendy:0.6:0.9
tries:-0.1:0.4 trouble:-0.2:0.2 troubled:-0.5:1 true:0.35:0.65 truthful:0.5:0.5 twisted:-0.5:1
two-dimensional:-0.1:0.1 typical:-0.17:0.5 ugliness:-0.3:0.4 ugly:-0.7:1 ugly-duckling:-0.1:0.2 ultimate:0:1
unable:-0.5:0.5 unadulterated:0.4:0.7 unaffected:-0.05:0.1 unanswered:-0.1:0.2 unappealing:-0.4:0.5
unappetizing:-0.8:1 unashamed:-0.5:0.9 unavowed:0:0.4 unaware:0:0.5 unbefitting:-0.6:0.9 unbelievable:-0.25:1
unblemished:0.1:0.5 unblinking:0.3:0.8 unbranded:-0.1:0.4 uncared-for:-0.2:0.8 unchaste:-0.7:0.9
uncivil:-0.73:0.93 uncomfortable:-0.5:1 uncommon:0.8:1 uncontroversial:0.3:0.8 uncooked:-0.1:0.1
uncritical:0:0.7 uncut:-0.5:0.8 undeserved:-0.3:0.3 undignified:-0.6:0.9 unengaging:-0.2:0.2 uneven:-0.2:0.2
unexcelled:0.5:0.9 unexpected:0.1:1 unexplained:-0.05:0 unfair:-0.5:1 unfaithful:-0.6:0.9 unfocused:-0.4:0.8
unforgettable:0.8:1 unfortunate:-0.5:1 unfortunately:-0.1:0.2 unfruitful:-0.6:0.9 ungraded:-0.4:0.9
unhampered:0.6:0.9 unhappy:-0.6:0.9 unhealthy:-0.4:0.7 unhesitating:0.1:0.6 unilateral:-0.5:0.7
unimportant:-0.4:0.95 uninspired:-0.5:1 unintelligent:-0.65:0.95 uninterrupted:0:0 unique:0.38:1 universal:0:0
unknown:-0.1:0.6 unlikely:-0.5:0.5 unnecessary:-0.4:0.9 unnoticed:-0.2:0.6 unoriginal:-0.2:0.1 unpaid:0.2:0.4
unplayable:-0.4:0.7 unpleasant:-0.65:0.95 unprecedented:0.6:0.9 unpredictable:-0.17:1 unprocessed:-0.1:0.1
unpropitious:-0.6:0.9 unread:0.1:0.4 unrealistic:-0.5:1 unsalted:0.4:1 unschooled:-0.2:0.4 unsettling:-0.5:0.7
unstirred:-0.4:0.5 unthinkable:-0.05:0.8 untraceable:-0.3:0.7 unusual:0.2:1 unwed:0:0.1 upper:0:0 urban:0:0
urinates:-0.1:0 useful:0.3:0 useless:-0.5:0.2 usual:-0.25:0.25 utter:0:1 vacuum:-0.01:0 vague:-0.5:0.5
vapid:-0.3:0.3 vaporific:0:0 various:0:0.5 vast:0:1 very:0.2:0.3 veteran:0:0 vibrant:0.17:0.33 vicious:-1:1
victim:-0.08:0.05 violent:-0.8:1 visual:0:0 vital:0.1:0.4 vivid:0.12:0.75 vocational:0.3:0.4 vulgar:-0.7:0.8
vulnerable:-0.5:0.5 wacky:0.5:1 wan:-0.2:0.15 wants:0.2:0.1 warm:0.6:0.6 wary:-0.5:0.7 waste:-0.2:0
wasted:-0.2:0 wastes:-0.2:0 weak:-0.38:0.62 wealthy:0.5:1 weird:-0.5:1 welcome:0.8:0.9 well-advised:0.6:0.8
well-intentioned:-0.05:0.2 well-off:0.4:0.6 western:0:0 wet:-0.1:0.4 whaddupwitdat:-0.1:0.3 whimsical:-0.5:0.5
white:0:0 whole:0.2:0.4 wide:-0.1:0.4 wild:0.1:0.4 willing:0.25:0.75 win:0.8:0.4 winning:0.5:0.75 wins:0.3:0.2
wise:0.7:0.9 witty:0.5:1 womanly:0:0.6 won't:-0.1:0.2 wonderful:1:1 wonky:-0.3:0.3 wooden:0:0
workmanlike:0.5:0.7 worse:-0.4:0.6 worst:-1:1 worth:0.3:0.1 worthless:-0.8:0.9 worthwhile:0.5:0.5
worthy:0.33:1 wow:0.1:1 wrong:-0.5:0.9 wtf:-0.5:1 yaaawwnnnn:-0.5:1 yarn:-0.1:0.2 yellow:0:0 young:0.1:0.4
younger:0:0 youngish:0.4:0.8
`;

/** Polarity (−1…1) and subjectivity (0…1) of a word. */
export interface Subjectivity {
  polarity: number;
  subjectivity: number;
}

/** The table, by lower-case word. */
export const SUBJECTIVITY_WORDS: ReadonlyMap<string, Subjectivity> = new Map(
  ENTRIES.split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [word, polarity, subjectivity] = entry.split(':');
      return [word!, { polarity: Number(polarity), subjectivity: Number(subjectivity) }] as const;
    }),
);
