/**
 * A labelled set of name pairs, written for this catalogue, that measures how well generated names are matched
 * against the names already there (name-matching.ts, `npm run bench`'s name_matching). Each pair is two names in
 * one target (two brands of one subcategory, two models of one brand) and whether a catalogue operator would call
 * them one item: spellings of one maker or model (case, accents, punctuation, spacing, a legal form, a typo, a
 * longer or shorter name) are duplicates; look-alikes that are other makers, divisions or model variants (one
 * digit more, a suffix that names a variant) are not. Labelled by what the items are, not by what a normal form
 * can tell: a duplicate no spelling rule finds ("Caterpillar" and "Cat") is a duplicate all the same.
 *
 * Written as lines: the first name, then each name paired with it, after "=" (a duplicate) or "≠" (distinct).
 */

export interface NamePair {
  a: string;
  b: string;
  kind: 'brand' | 'model';
  duplicate: boolean;
}

const brandLines = `
Claas = CLAAS = Claas KGaA mbH = claas ≠ Claas Fertigungstechnik
Bosch ≠ Bosch Rexroth ≠ Bosch Thermotechnik = Robert Bosch GmbH
Bosch Rexroth = Bosch Rexroth AG = BOSCH REXROTH = Rexroth
Liebherr = LIEBHERR = Liebherr GmbH = Liebher ≠ Liebherr-Aerospace ≠ Liebherr Hausgeräte
Caterpillar = Caterpillar Inc. = Cat = Caterpillar Inc
Komatsu = Komatsu Ltd. = KOMATSU = Komatsu Limited ≠ Komatsu Forest ≠ Komatsu Mining
Hitachi = Hitachi Construction Machinery ≠ Hitachi Zosen ≠ Hitachi Energy
Volvo = Volvo Construction Equipment = Volvo AB ≠ Volvo Penta ≠ Volvo Trucks
JCB = J.C.B. = jcb = J C Bamford Excavators Ltd ≠ JLG ≠ JCB Power Products
Case = Case Construction Equipment = J.I. Case Company ≠ Case IH
Case IH = Case-IH = CaseIH
John Deere = John-Deere = John Deere GmbH & Co. KG = Deere & Company ≠ Deere-Hitachi
Deutz = Deutz AG ≠ Deutz-Fahr ≠ Same Deutz-Fahr
Deutz-Fahr = Deutz Fahr = DeutzFahr
Fendt = Fendt GmbH ≠ Fendt Caravan
Atlas = Atlas GmbH ≠ Atlas Copco
Atlas Copco = Atlas Copco AB = AtlasCopco ≠ Epiroc
Doosan = Doosan Infracore ≠ Doosan Bobcat ≠ Doosan Portable Power
Bobcat = Bobcat® = Bobcat Company = Bob Cat
Manitou = Manitou BF S.A. ≠ Manitowoc ≠ Manitex
Manitowoc = The Manitowoc Company = Manitowoc Cranes
Terex = Terex Corporation = Terex Corp. ≠ Terex Finlay ≠ Terex Trucks
Kubota = Kubota Corporation = Kubota Corp ≠ Kobelco
Kobelco = Kobelco Construction Machinery ≠ Kobelt
Takeuchi = Takeuchi Mfg. Co., Ltd. = Takeuchi Co Ltd
Yanmar = Yanmar Co., Ltd. ≠ Yamaha
Wacker Neuson = Wacker Neuson SE = Wacker-Neuson = WackerNeuson ≠ Wacker Chemie ≠ Neuson Ecotec
Hyundai = Hyundai Construction Equipment ≠ Hyundai Motor
Sany = Sany Heavy Industry = Sany Group ≠ Sunward
XCMG = X.C.M.G. = xcmg = XCMG Group ≠ XGMA
LiuGong = Liugong = Liu Gong = LiuGong Machinery Co., Ltd.
Zoomlion = Zoomlion Heavy Industry ≠ Zoom
Sennebogen = Sennebogen Maschinenfabrik GmbH
Bomag = Bomag GmbH = BOMAG GmbH & Co. OHG
Hamm = Hamm AG ≠ Hammel
Vögele = Vogele = VÖGELE = Joseph Vögele AG = Voegele
Wirtgen = Wirtgen GmbH = Wirtgen Group
Kleemann = Kleemann GmbH ≠ Klemm
Putzmeister = Putzmeister Holding GmbH = Putz-Meister
Schwing = Schwing GmbH ≠ Swing
Merlo = Merlo S.p.A. = Merlo SpA
Dieci = Dieci S.r.l. = Dieci Srl
Faresin = Faresin Industries S.p.A.
Magni = Magni Telescopic Handlers ≠ Magna
Haulotte = Haulotte Group = Haulotte S.A.
Genie = Genie Industries ≠ The Genie Company
JLG = JLG Industries = J.L.G. = jlg ≠ JCB
Skyjack = Skyjack Inc. = Sky Jack ≠ Snorkel
Tadano = Tadano Ltd. ≠ Tadano Faun
Potain = Potain SA ≠ Potin
Fassi = Fassi Gru S.p.A. ≠ Fasi
Palfinger = Palfinger AG ≠ Palfinger Epsilon
Hiab = Hiab AB ≠ Hiab Multilift
Kramer = Kramer-Werke GmbH ≠ Krämer Kettenfahrzeuge
Weidemann = Weidemann GmbH ≠ Weidmann
Schäffer = Schaffer = SCHÄFFER = Schäffer Maschinenfabrik GmbH = Schaeffer ≠ Schaeff
Mecalac = Mecalac S.A.S. ≠ Mecanoo
Kässbohrer = Kassbohrer = KÄSSBOHRER = Kaessbohrer ≠ Kässbohrer Geländefahrzeug AG
Pöttinger = Pottinger = Poettinger = PÖTTINGER = Alois Pöttinger Maschinenfabrik GmbH
Väderstad = Vaderstad = VÄDERSTAD = Väderstad AB
Kverneland = Kverneland Group = Kverneland AS
Bøgballe = Bogballe = Bøgballe A/S = BØGBALLE
Lemken = Lemken GmbH & Co. KG ≠ Lemke
Amazone = Amazonen-Werke ≠ Amazon
Horsch = Horsch Maschinen GmbH ≠ Hörmann
Krone = Krone GmbH = Maschinenfabrik Bernard Krone ≠ Krone Trailer
Kuhn = Kuhn S.A. = Kuhn SA ≠ Kuhne
Lely = Lely Industries N.V. = Lely N.V. ≠ Lelly
Massey Ferguson = Massey-Ferguson = MasseyFerguson ≠ Ferguson ≠ Massey Harris
New Holland = New-Holland = New Holland Agriculture ≠ Holland
Valtra = Valtra Oy = Valtra Inc.
Steyr = Steyr Traktoren ≠ Steyr Arms
McCormick = Mc Cormick ≠ McCormack
SAME = Same = S.A.M.E. ≠ Same Deutz-Fahr
Landini = Landini S.p.A. ≠ Lamborghini Trattori
Antonio Carraro = Antonio Carraro SpA ≠ Carraro
Zetor = Zetor Tractors a.s. ≠ Zetros
Ponsse = Ponsse Oyj = Ponsse Plc
Rottne = Rottne Industri AB ≠ Rottner
Tigercat = Tiger Cat ≠ Tiger
Vermeer = Vermeer Corporation = Vermeer Corp.
Ditch Witch = Ditch-Witch = Ditchwitch
Gehl = Gehl Company ≠ Gehlen
ASV = A.S.V. = asv ≠ ASW
Link-Belt = Link Belt = LinkBelt ≠ Link
Hydrema = Hydrema A/S ≠ Hydrama
Bell = Bell Equipment ≠ Bell Helicopter
Sandvik = Sandvik AB ≠ Sandvik Coromant
Metso = Metso Oyj = Metso Outotec ≠ Outotec
Rubble Master = RubbleMaster = Rubble Master HMH GmbH
Mercedes-Benz = Mercedes Benz ≠ Mercedes-AMG
MAN = M.A.N. = MAN SE = MAN Truck & Bus ≠ Manitou
Iveco = Iveco S.p.A. ≠ Iveco Defence Vehicles
Scania = Scania AB = Scania CV AB
DAF = D.A.F. = DAF Trucks N.V. ≠ DAF Caravans
Müller = Muller = MÜLLER = Mueller ≠ Müller-Elektronik
Kaeser = Kaeser Kompressoren SE ≠ Kaiser
Hilti = Hilti AG ≠ Hiltl
Makita = Makita Corporation ≠ Makino
Stihl = Andreas Stihl AG & Co. KG ≠ Stiga
Husqvarna = Husqvarna AB ≠ Husqvarna Motorcycles
Hatz = Motorenfabrik Hatz ≠ Hatzl
Perkins = Perkins Engines Company Limited ≠ Perkin Elmer
Cummins = Cummins Inc. ≠ Cummings
ZF = Z.F. = ZF Friedrichshafen AG ≠ ZFL
Hyundai Everdigm ≠ Hyundai ≠ Everdigm Korea
Sany Palfinger ≠ Sany ≠ Palfinger
XCMG Schwing ≠ XCMG ≠ Schwing
Still ≠ Stihl ≠ Stiller
Clark ≠ Clarke
Hyster ≠ Yale
Crown ≠ Krone
Kalmar ≠ Kalmar Motor
Mitsubishi ≠ Mitsubishi Fuso
Doosan Enerbility ≠ Doosan
Manitou Pontoon Boats ≠ Manitou
Giant ≠ Giant Bicycles
Schmidt ≠ Schmid
Rauch ≠ Rausch
Grimme ≠ Grimm
Holmer ≠ Holmes
Strautmann ≠ Straumann
Bergmann ≠ Bergman Dumpers
Samson ≠ Samsung
Bauer ≠ Bauer Kompressoren
Delmag ≠ Demag
Sumitomo ≠ Sumitomo Mitsui
Furukawa ≠ Furukawa Electric
Brokk ≠ Brock
Dynapac ≠ Dynaset
Belle ≠ Bell
Benford ≠ Bedford
Mustang ≠ Mustang Cat
Dingli ≠ Dingo
Zoomlion Cifa ≠ Zoomlion ≠ Cifa
Hinowa ≠ Hino
Meiller ≠ Müller
Wielton ≠ Wieland
Kemper ≠ Kempf
Capello ≠ Cappelli
Oxbo ≠ Oxbow
Gregoire ≠ Grégoire Besson
Pellenc ≠ Pellenc ST
Rabe ≠ Raab
Agrifac ≠ Agrifarm
Hardi ≠ Hardy
Tecnoma ≠ Tecnomec
Valmont ≠ Valmet
Farmtrac ≠ Farmall
Mahindra ≠ Swaraj
Kioti ≠ Kito
Iseki ≠ Isuzu
`;

const modelLines = `
320 GC = 320GC = 320-GC = 320 gc ≠ 330 GC ≠ 320 ≠ 320 GX
320 = Cat 320 = Cat® 320 ≠ 320D ≠ 323
PC210 = PC 210 = pc210 = ＰＣ２１０ ≠ PC210LC ≠ PC200
PC210LC-11 = PC210LC 11 = PC210 LC-11 = PC210LC–11 = PC21OLC-11 ≠ PC210LC-10 ≠ PC210LCi-11
3CX = 3 CX = JCB 3CX = 3CX® ≠ 4CX ≠ 3CX Compact
950M = 950 M = 950-M ≠ 950K ≠ 950 GC
D6 = D 6 ≠ D6 XE ≠ D6T ≠ D8
D6T = D6 T = D6-T ≠ D6R
L 566 = L566 = L-566 ≠ L 556 ≠ L 566 XPower
L 566 XPower = L566 XPower = L 566 X Power = L 566 XPOWER ≠ L 586 XPower
R 920 Compact = R920 Compact = R 920 compact ≠ R 922 ≠ R 920
LTM 1090-4.2 = LTM 1090 4.2 = LTM1090-4.2 ≠ LTM 1090-4.1 ≠ LTM 1100-4.2
Axion 870 = AXION 870 = Axion-870 = Axoin 870 ≠ Axion 850 ≠ Axion 870 CMATIC
Lexion 8900 = LEXION 8900 = lexion 8900 ≠ Lexion 8800 ≠ Lexion 8900 TT
Jaguar 990 = JAGUAR 990 = Jaguar 990 Forage Harvester ≠ Jaguar 980
942 Vario = Fendt 942 Vario = 942 VARIO = 942Vario ≠ 939 Vario ≠ 1042 Vario
T7.315 = T7 315 = T7-315 ≠ T7.270 ≠ T7.315 HD
6R 250 = 6R250 = 6R-250 ≠ 6R 215 ≠ 7R 250
8R 410 = 8R410 ≠ 8RX 410
Magnum 340 = MAGNUM 340 = Magnum™ 340 ≠ Magnum 380
Puma 185 = PUMA 185 = Puma185 ≠ Puma 165
EC220E = EC 220 E = EC220 E = ec220e ≠ EC220D ≠ EC250E
A40G = A 40 G = A40-G ≠ A45G ≠ A40F
ZX210-7 = ZX 210-7 = ZX210 7 ≠ ZX210LC-7 ≠ ZX210-6
ZX350LC-7 = ZX350LC7 = zx350lc-7 ≠ ZX350H-7
DX225LC-7 = DX225 LC-7 = DX225LC 7 = DX225LC‑7 ≠ DX225LC-5 ≠ DX235LCR-7
S650 = S 650 = Bobcat S650 ≠ S630 ≠ T650
E10z = E10Z = E 10z ≠ E10e ≠ E19
TB260 = TB 260 = Takeuchi TB260 ≠ TB216 ≠ TB290
U27-4 = U27 4 = U-27-4 ≠ U25-3 ≠ KX027-4
KX057-5 = KX057 5 = KX 057-5 ≠ KX057-4 ≠ KX080-4
ViO35-6 = VIO35-6 = ViO 35-6 ≠ ViO33-6 ≠ SV26
ET65 = ET 65 = ET-65 ≠ EZ26 ≠ ET90
EW100 = EW 100 ≠ EZ80
MT 1840 = MT1840 = MT-1840 ≠ MT 1440 ≠ MT 1840 Easy
MRT 2550 = MRT2550 ≠ MRT 2150
Roto 50.26 S Plus = ROTO 50.26 S PLUS = Roto 50.26 S+ ≠ Roto 45.21 S Plus
P40.17 Plus = P 40.17 Plus = P40.17+ ≠ P40.13 Plus
GTH-5519 = GTH 5519 = GTH5519 ≠ GTH-1056
S-65 = S65 = S 65 ≠ S-60 ≠ S-65 XC ≠ Z-60
600S = 600 S ≠ 660SJ ≠ 600SJ
HA16 RTJ = HA16RTJ ≠ HA16 RTJ PRO ≠ HA20 RTJ
SJ3219 = SJ 3219 = SJ-3219 ≠ SJ3226
BW 120 AD-5 = BW120 AD-5 = BW 120AD-5 = BW 120 AD5 ≠ BW 120 AD-4 ≠ BW 138 AD-5
HD+ 110 = HD+110 = HD Plus 110 ≠ HD 110 ≠ HD+ 120
Super 1800-3i = SUPER 1800-3i = Super 1800 3i ≠ Super 1900-3i ≠ Super 1800-3
W 210 Fi = W210 Fi = W 210 FI = W210Fi ≠ W 200 Fi ≠ W 210 i
M 38-5 = M38-5 = M 38 5 ≠ M 38-4 ≠ M 36-5
MR 110 EVO2 = MR110 EVO2 = MR 110 Evo 2 = MR110EVO2 ≠ MR 130 EVO2 ≠ MR 110 EVO
RM 100GO! = RM 100 GO! = RM100GO = RM 100 GO ≠ RM 90GO! ≠ RM 120GO!
QJ341 = QJ 341 = qj341 ≠ QJ341+ ≠ QJ241
TC50 = TC 50 = TC-50 ≠ TC75
272D3 = 272 D3 = 272D 3 ≠ 262D3 ≠ 272D3 XE
TL12V2 = TL 12 V2 = TL12 V2 ≠ TL12R2 ≠ TL10V2
HM400-5 = HM 400-5 = HM400 5 ≠ HM400-3 ≠ HM300-5
WA380-8 = WA 380-8 = WA380 8 = wa380-8 ≠ WA380-7 ≠ WA470-8
GD655-7 = GD 655-7 ≠ GD655-6
HX220 L = HX220L = HX 220 L ≠ HX220AL ≠ HX220NL
SY215C = SY 215C = SY215 C ≠ SY225C
XE215DA = XE 215DA = XE215 DA ≠ XE215D ≠ XE215C
CLG856H = CLG 856H = CLG856 H = 856H ≠ CLG862H
Ideal 10T = IDEAL 10T = Ideal 10 T ≠ Ideal 9T ≠ Ideal 10
ZA-TS 4200 = ZA TS 4200 = ZA-TS4200 ≠ ZA-TS 3200
Juwel 8 = JUWEL 8 ≠ Juwel 8 M ≠ Juwel 7
Tempo V8 = Tempo V 8 = TEMPO V8 ≠ Tempo F8 ≠ Tempo V6
Rapid A 600S = Rapid A600S = Rapid A 600 S ≠ Rapid A 800S
Impress 155 VC Pro = IMPRESS 155 VC PRO = Impress 155VC Pro ≠ Impress 185 VC Pro
BiG X 1180 = BIG X 1180 = BiG X1180 = Big-X 1180 ≠ BiG X 1080 ≠ BiG M 450
FC 3125 DF = FC3125DF = FC 3125 D-F ≠ FC 3525 DF
2500 S = 2500S ≠ 2500 i-Plough ≠ 2300 S
Scorpion King = SCORPION KING = Scorpion-King = ScorpionKing ≠ Scorpion Giant ≠ Scorpion
1075C = 1075 C ≠ 1075B ≠ 1085C
D24x40 S3 = D24X40 S3 = D24x40 Series 3 ≠ D23x30 S3
JT20 = JT 20 = JT-20 ≠ JT24 ≠ JT20 XP
EZ17 = EZ 17 ≠ EZ17e ≠ EZ26
5055e = 5055 e = 5055-e ≠ 5055 ≠ 5065e
M7-173 = M7 173 = M7173 ≠ M7-153
Rex4-110 GT = Rex4 110 GT = REX4-110GT ≠ Rex4-120 GT ≠ Rex4-110 F
Proxima 120 = PROXIMA 120 ≠ Proxima CL 120 ≠ Proxima 100
T235 = T 235 ≠ T235 Versu ≠ T215
Terrus CVT 6300 = Terrus 6300 CVT = TERRUS CVT 6300 ≠ Terrus CVT 6270
MF 8S.265 = MF 8S 265 = MF8S.265 = 8S.265 ≠ MF 8S.225
9340 TTV = 9340TTV ≠ 8280 TTV ≠ 9340 TTV Warrior
Arocs 3246 K = AROCS 3246K = Arocs 3246-K ≠ Arocs 3246 AK ≠ Arocs 4146 K
TGS 41.480 8x4 BB = TGS 41.480 8X4 BB = TGS 41480 8x4 BB ≠ TGS 41.440 8x4 BB ≠ TGS 41.480 8x8 BB
R 500 = R500 = R-500 ≠ R 450 ≠ S 500
GR-1000XL-4 = GR 1000XL-4 = GR1000XL4 ≠ GR-1000EX-4 ≠ GR-800XL-4
GMK5250L = GMK 5250L = GMK5250 L ≠ GMK5250XL-1
MDT 389 = MDT389 = MDT-389 ≠ MDT 269
PK 92002 SH = PK92002 SH = PK 92002-SH ≠ PK 92002 ≠ PK 78002 SH
X-HiPro 858 = X-HIPRO 858 = X HiPro 858 ≠ X-HiPro 1058
F1650RAL = F 1650RAL = F1650 RAL ≠ F1650RA ≠ F1950RAL
Compact 12 = COMPACT 12 ≠ Compact 10 ≠ Compact 12DX
825 E = 825E = 825-E ≠ 835 E
LR 1300 = LR1300 ≠ LR 1300 SX
D61PXi-24 = D61PXI-24 = D61 PXi-24 ≠ D61EXi-24 ≠ D61PX-24
772G = 772 G ≠ 773G ≠ 772
L120H = L 120 H = L120-H ≠ L120G ≠ L150H
540-180 = 540 180 ≠ 540-180 Hi-Viz ≠ 540-170
19C-1E = 19C-1 E = 19C 1E ≠ 19C-1 ≠ 16C-1
E35z = E35Z ≠ E35i ≠ E34
580 Super N = 580SN = 580 Super-N = 580 SUPER N ≠ 580N ≠ 590 Super N
T6.180 = T6 180 ≠ T6.160 ≠ T6.180 Methane Power
S790 = S 790 ≠ S780
310SL = 310 SL = 310-SL ≠ 310L ≠ 310SL HL
`;

/** The pairs of a block of lines: the first name of a line with each of the others. */
function pairsOf(lines: string, kind: NamePair['kind']): NamePair[] {
  return lines
    .trim()
    .split('\n')
    .flatMap((line) => {
      const [first = '', ...rest] = line.split(/ (?=[=≠] )/);
      return rest.map((part) => ({ a: first.trim(), b: part.slice(2).trim(), kind, duplicate: part.startsWith('=') }));
    });
}

export const namePairs: readonly NamePair[] = [...pairsOf(brandLines, 'brand'), ...pairsOf(modelLines, 'model')];
