package app

import (
	"strings"
	"sync"
	"unicode"
)

// latinASCII spells the Latin letters with diacritics, and the letters of
// their own (ß, æ, ø, ł, þ...), in plain ASCII, so an id made from a title
// keeps its words: "Café Noir" -> cafe-noir, "Überfall" -> uberfall. Each
// entry is a letter followed by its spelling. It covers Latin-1, Latin
// Extended-A and -B and Latin Extended Additional (Vietnamese); a table of
// our own costs a few kilobytes, where golang.org/x/text/unicode/norm adds
// 120 KB to the binary and still knows no ß, æ, ø or ł.
const latinASCII = "" +
	"ÀA ÁA ÂA ÃA ÄA ÅA ÆAE ÇC ÈE ÉE ÊE ËE ÌI ÍI ÎI ÏI ÐD ÑN ÒO ÓO ÔO ÕO ÖO ØO ÙU ÚU ÛU ÜU ÝY " +
	"ÞTH ßss àa áa âa ãa äa åa æae çc èe ée êe ëe ìi íi îi ïi ðd ñn òo óo ôo õo öo øo ùu úu ûu " +
	"üu ýy þth ÿy ĀA āa ĂA ăa ĄA ąa ĆC ćc ĈC ĉc ĊC ċc ČC čc ĎD ďd ĐD đd ĒE ēe ĔE ĕe ĖE ėe ĘE " +
	"ęe ĚE ěe ĜG ĝg ĞG ğg ĠG ġg ĢG ģg ĤH ĥh ĦH ħh ĨI ĩi ĪI īi ĬI ĭi ĮI įi İI ıi ĲIJ ĳij ĴJ ĵj " +
	"ĶK ķk ĸk ĹL ĺl ĻL ļl ĽL ľl ĿL ŀl ŁL łl ŃN ńn ŅN ņn ŇN ňn ŉn ŊN ŋn ŌO ōo ŎO ŏo ŐO őo ŒOE " +
	"œoe ŔR ŕr ŖR ŗr ŘR řr ŚS śs ŜS ŝs ŞS şs ŠS šs ŢT ţt ŤT ťt ŦT ŧt ŨU ũu ŪU ūu ŬU ŭu ŮU ůu " +
	"ŰU űu ŲU ųu ŴW ŵw ŶY ŷy ŸY ŹZ źz ŻZ żz ŽZ žz ſs ƀb ƁB ƆO ƇC ƈc ƊD ƏE ƐE ƑF ƒf ƓG ƗI ƘK ƙk " +
	"ƚl ƝN ƞn ƠO ơo ƤP ƥp ƫt ƬT ƭt ƮT ƯU ưu ƲV ƳY ƴy ƵZ ƶz ǄDZ ǅDz ǆdz ǇLJ ǈLj ǉlj ǊNJ ǋNj ǌnj " +
	"ǍA ǎa ǏI ǐi ǑO ǒo ǓU ǔu ǕU ǖu ǗU ǘu ǙU ǚu ǛU ǜu ǝe ǞA ǟa ǠA ǡa ǢAE ǣae ǤG ǥg ǦG ǧg ǨK ǩk " +
	"ǪO ǫo ǬO ǭo ǰj ǱDZ ǲDz ǳdz ǴG ǵg ǸN ǹn ǺA ǻa ǼAE ǽae ǾO ǿo ȀA ȁa ȂA ȃa ȄE ȅe ȆE ȇe ȈI ȉi " +
	"ȊI ȋi ȌO ȍo ȎO ȏo ȐR ȑr ȒR ȓr ȔU ȕu ȖU ȗu ȘS șs ȚT țt ȞH ȟh ȢOU ȣou ȤZ ȥz ȦA ȧa ȨE ȩe ȪO " +
	"ȫo ȬO ȭo ȮO ȯo ȰO ȱo ȲY ȳy ȸdb ȹqp ȺA ȻC ȼc ȽL ȾT ȿs ɀz ɃB ɄU ɆE ɇe ɈJ ɉj ɌR ɍr ɎY ɏy əe " +
	"ḀA ḁa ḂB ḃb ḄB ḅb ḆB ḇb ḈC ḉc ḊD ḋd ḌD ḍd ḎD ḏd ḐD ḑd ḒD ḓd ḔE ḕe ḖE ḗe ḘE ḙe ḚE ḛe ḜE ḝe " +
	"ḞF ḟf ḠG ḡg ḢH ḣh ḤH ḥh ḦH ḧh ḨH ḩh ḪH ḫh ḬI ḭi ḮI ḯi ḰK ḱk ḲK ḳk ḴK ḵk ḶL ḷl ḸL ḹl ḺL ḻl " +
	"ḼL ḽl ḾM ḿm ṀM ṁm ṂM ṃm ṄN ṅn ṆN ṇn ṈN ṉn ṊN ṋn ṌO ṍo ṎO ṏo ṐO ṑo ṒO ṓo ṔP ṕp ṖP ṗp ṘR ṙr " +
	"ṚR ṛr ṜR ṝr ṞR ṟr ṠS ṡs ṢS ṣs ṤS ṥs ṦS ṧs ṨS ṩs ṪT ṫt ṬT ṭt ṮT ṯt ṰT ṱt ṲU ṳu ṴU ṵu ṶU ṷu " +
	"ṸU ṹu ṺU ṻu ṼV ṽv ṾV ṿv ẀW ẁw ẂW ẃw ẄW ẅw ẆW ẇw ẈW ẉw ẊX ẋx ẌX ẍx ẎY ẏy ẐZ ẑz ẒZ ẓz ẔZ ẕz " +
	"ẖh ẗt ẘw ẙy ẞSS ẠA ạa ẢA ảa ẤA ấa ẦA ầa ẨA ẩa ẪA ẫa ẬA ậa ẮA ắa ẰA ằa ẲA ẳa ẴA ẵa ẶA ặa " +
	"ẸE ẹe ẺE ẻe ẼE ẽe ẾE ếe ỀE ềe ỂE ểe ỄE ễe ỆE ệe ỈI ỉi ỊI ịi ỌO ọo ỎO ỏo ỐO ốo ỒO ồo ỔO ổo " +
	"ỖO ỗo ỘO ộo ỚO ớo ỜO ờo ỞO ởo ỠO ỡo ỢO ợo ỤU ụu ỦU ủu ỨU ứu ỪU ừu ỬU ửu ỮU ữu ỰU ựu ỲY ỳy " +
	"ỴY ỵy ỶY ỷy ỸY ỹy "

var asciiOf = sync.OnceValue(func() map[rune]string {
	m := map[rune]string{}
	for _, e := range strings.Fields(latinASCII) {
		r := []rune(e)
		m[r[0]] = string(r[1:])
	}
	return m
})

// transliterate spells s in ASCII where it can: Latin letters lose their
// marks, combining marks (a decomposed "é") are dropped, and what has no
// spelling is left for the caller.
func transliterate(s string) string {
	m := asciiOf()
	var b strings.Builder
	for _, r := range s {
		switch t, ok := m[r]; {
		case ok:
			b.WriteString(t)
		case unicode.Is(unicode.Mn, r):
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
