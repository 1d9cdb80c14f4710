import type { CategorySpec } from "./types";

/** Food: what families in Cuba buy most often online, staples first (ARCHITECTURE.md "Demo seed"). */
export const alimentos: CategorySpec = {
  slug: "alimentos",
  name: ["Alimentos", "Food"],
  icon: "wheat",
  accent: "#b45309",
  subcategories: [
    {
      slug: "granos-y-pastas",
      name: ["Granos y pastas", "Grains and pasta"],
      icon: "wheat",
      items: [
        {
          name: ["Arroz blanco de grano largo", "Long-grain White Rice"],
          variants: [
            ["Gallo", "", 5.2, "2 kg"],
            ["Ceres", "", 8.9, "5 kg"],
          ],
          desc: [
            "Arroz blanco de grano largo {brand}, limpio y seleccionado. Queda suelto y rinde bien en la olla arrocera o en la cazuela. Paquete de {size}.",
            "{brand} long-grain white rice, cleaned and sorted. It cooks up fluffy and goes a long way in a rice cooker or a pot. {size} bag.",
          ],
          features: [
            ["Grano largo, limpio y sin piedras", "Long grain, cleaned and stone-free"],
            ["Cocción en unos 20 minutos", "Cooks in about 20 minutes"],
            ["Bolsa resellable", "Resealable bag"],
          ],
          icon: "wheat",
          dims: "30 x 18 x 8 cm",
          wholesale: true,
        },
        {
          name: ["Frijoles negros", "Black Beans"],
          variants: [
            ["La Cosecha", "", 3.6, "1 kg"],
            ["Goya", "", 2.4, "454 g"],
          ],
          desc: [
            "Frijoles negros {brand} de cosecha reciente, ideales para un buen potaje o para congrí. Bolsa de {size}.",
            "Recently harvested {brand} black beans, ideal for a hearty Cuban stew or congrí. {size} bag.",
          ],
          features: [
            ["Grano entero y parejo", "Whole, even beans"],
            ["Ablandan rápido en olla de presión", "Soften quickly in a pressure cooker"],
            ["Ricos en proteína y fibra", "Rich in protein and fibre"],
          ],
          icon: "bean",
          dims: "25 x 15 x 6 cm",
          wholesale: true,
        },
        {
          name: ["Frijoles colorados", "Red Kidney Beans"],
          variants: [["La Cosecha", "", 3.8, "1 kg"]],
          desc: [
            "Frijoles colorados {brand}, perfectos para potaje con calabaza y papa. Bolsa de {size}.",
            "{brand} red kidney beans, perfect for a stew with pumpkin and potato. {size} bag.",
          ],
          features: [
            ["Seleccionados a mano", "Hand-sorted"],
            ["Sin conservantes", "No preservatives"],
            ["Bolsa de {size}", "{size} bag"],
          ],
          icon: "bean",
          dims: "25 x 15 x 6 cm",
          wholesale: true,
        },
        {
          name: ["Chícharos", "Split Peas"],
          variants: [["La Cosecha", "", 2.9, "1 kg"]],
          desc: [
            "Chícharos partidos {brand} para sopas y potajes espesos. No necesitan remojo. Bolsa de {size}.",
            "{brand} split peas for soups and thick stews. No soaking needed. {size} bag.",
          ],
          features: [
            ["No necesitan remojo", "No soaking needed"],
            ["Cocción rápida", "Quick cooking"],
            ["Fuente de proteína vegetal", "Plant protein source"],
          ],
          icon: "bean",
          dims: "25 x 15 x 6 cm",
          wholesale: true,
        },
        {
          name: ["Lentejas", "Lentils"],
          variants: [["Goya", "", 2.7, "454 g"]],
          desc: [
            "Lentejas {brand} de grano pequeño, listas en media hora. Paquete de {size}.",
            "Small-grain {brand} lentils, ready in half an hour. {size} pack.",
          ],
          features: [
            ["Listas en unos 30 minutos", "Ready in about 30 minutes"],
            ["Ricas en hierro", "Rich in iron"],
            ["Paquete de {size}", "{size} pack"],
          ],
          icon: "bean",
          dims: "20 x 12 x 4 cm",
        },
        {
          name: ["Spaghetti", "Spaghetti"],
          variants: [
            ["Barilla", "", 2.1, "500 g"],
            ["Divella", "", 1.6, "500 g"],
          ],
          desc: [
            "Spaghetti {brand} de sémola de trigo duro. Queda al dente en 9 minutos y no se pega. Paquete de {size}.",
            "{brand} durum wheat spaghetti. Al dente in 9 minutes and it does not stick. {size} pack.",
          ],
          features: [
            ["Sémola de trigo duro", "Durum wheat semolina"],
            ["Cocción en 9 minutos", "Cooks in 9 minutes"],
            ["Ideal con puré de tomate y picadillo", "Great with tomato purée and ground beef"],
          ],
          icon: "wheat",
          dims: "27 x 8 x 4 cm",
          wholesale: true,
        },
        {
          name: ["Coditos", "Elbow Macaroni"],
          variants: [["Divella", "", 1.9, "500 g"]],
          desc: [
            "Coditos {brand} para ensalada fría o con queso al horno. Paquete de {size}.",
            "{brand} elbow macaroni for cold pasta salad or baked with cheese. {size} pack.",
          ],
          features: [
            ["Pasta corta de trigo duro", "Short durum wheat pasta"],
            ["Cocción en 11 minutos", "Cooks in 11 minutes"],
            ["Rinde para 5 raciones", "Serves 5"],
          ],
          icon: "wheat",
          dims: "20 x 12 x 6 cm",
        },
        {
          name: ["Harina de maíz", "Cornmeal"],
          variants: [["Goya", "", 2.5, "1 kg"]],
          desc: [
            "Harina de maíz amarilla {brand} para tamales, harina con cangrejo o frituras. Bolsa de {size}.",
            "{brand} yellow cornmeal for tamales, Cuban-style polenta or fritters. {size} bag.",
          ],
          features: [
            ["Molienda fina", "Fine grind"],
            ["Sin gluten", "Gluten-free"],
            ["Bolsa de {size}", "{size} bag"],
          ],
          icon: "wheat",
          dims: "22 x 14 x 6 cm",
          wholesale: true,
        },
        {
          name: ["Avena en hojuelas", "Rolled Oats"],
          variants: [["Quaker", "", 4.2, "800 g"]],
          desc: [
            "Avena en hojuelas {brand} para el desayuno, batidos y dulces caseros. Envase de {size}.",
            "{brand} rolled oats for breakfast, smoothies and home baking. {size} canister.",
          ],
          features: [
            ["100 % grano entero", "100% whole grain"],
            ["Lista en 5 minutos", "Ready in 5 minutes"],
            ["Fuente de fibra", "Source of fibre"],
          ],
          icon: "wheat",
          dims: "13 x 13 x 24 cm",
        },
      ],
    },
    {
      slug: "carnes-y-embutidos",
      name: ["Carnes y embutidos", "Meat and cold cuts"],
      icon: "drumstick",
      items: [
        {
          name: ["Muslos de pollo congelados", "Frozen Chicken Leg Quarters"],
          variants: [
            ["Tyson", "", 11.5, "4.5 kg"],
            ["Pilgrim's", "", 38.0, "18 kg"],
          ],
          desc: [
            "Muslos y contramuslos de pollo {brand} congelados, envasados al vacío. Se entregan en nevera para mantener la cadena de frío. {size}.",
            "Frozen {brand} chicken leg quarters, vacuum packed. Delivered in a cooler to keep the cold chain. {size}.",
          ],
          features: [
            ["Congelados a -18 °C", "Frozen at -18 °C"],
            ["Entrega en nevera", "Delivered in a cooler"],
            ["Piezas grandes y parejas", "Large, even pieces"],
            ["Peso neto {size}", "Net weight {size}"],
          ],
          icon: "drumstick",
          dims: "40 x 30 x 15 cm",
          wholesale: true,
        },
        {
          name: ["Pechuga de pollo", "Chicken Breast"],
          variants: [["Tyson", "", 9.8, "2 kg"]],
          desc: [
            "Pechuga de pollo {brand} deshuesada y congelada, lista para filetes o arroz con pollo. {size}.",
            "Boneless frozen {brand} chicken breast, ready for fillets or arroz con pollo. {size}.",
          ],
          features: [
            ["Sin hueso ni piel", "Boneless and skinless"],
            ["Porciones individuales", "Individually frozen portions"],
            ["Entrega en nevera", "Delivered in a cooler"],
          ],
          icon: "drumstick",
          dims: "30 x 20 x 8 cm",
        },
        {
          name: ["Picadillo de res", "Ground Beef"],
          variants: [["La Estancia", "", 6.5, "1 kg"]],
          desc: [
            "Picadillo de res {brand}, molido fresco y congelado. Ideal a la habanera con papas y aceitunas. {size}.",
            "{brand} ground beef, freshly minced and frozen. Ideal Havana-style with potatoes and olives. {size}.",
          ],
          features: [
            ["90 % carne magra", "90% lean"],
            ["Congelado en bandeja", "Frozen on a tray"],
            ["Peso neto {size}", "Net weight {size}"],
          ],
          icon: "beef",
          dims: "25 x 18 x 5 cm",
          wholesale: true,
        },
        {
          name: ["Picadillo de pavo", "Ground Turkey"],
          variants: [["La Estancia", "", 3.9, "1 kg"]],
          desc: [
            "Picadillo de pavo {brand}, económico y rendidor para croquetas, spaghetti o arroz. {size}.",
            "{brand} ground turkey, affordable and versatile for croquettes, spaghetti or rice. {size}.",
          ],
          features: [
            ["Bajo en grasa", "Low fat"],
            ["Rinde para toda la familia", "Feeds the whole family"],
            ["Entrega en nevera", "Delivered in a cooler"],
          ],
          icon: "beef",
          dims: "25 x 18 x 5 cm",
        },
        {
          name: ["Bistec de cerdo", "Pork Steaks"],
          variants: [["Bravo", "", 8.9, "1.5 kg"]],
          desc: [
            "Bistec de cerdo {brand} cortado fino, perfecto con mojo y cebolla. Bandeja de {size}.",
            "Thin-cut {brand} pork steaks, perfect with mojo and onions. {size} tray.",
          ],
          features: [
            ["Corte fino y parejo", "Thin, even cut"],
            ["Congelado", "Frozen"],
            ["Bandeja de {size}", "{size} tray"],
          ],
          icon: "ham",
          dims: "30 x 20 x 5 cm",
        },
        {
          name: ["Jamón de pierna", "Leg Ham"],
          variants: [["Bravo", "", 7.8, "1 kg"]],
          desc: [
            "Jamón de pierna {brand} para sándwiches y medianoches. Pieza de {size}.",
            "{brand} leg ham for sandwiches and medianoches. {size} piece.",
          ],
          features: [
            ["Pieza entera para lasquear", "Whole piece for slicing"],
            ["Ahumado suave", "Lightly smoked"],
            ["Conservar refrigerado", "Keep refrigerated"],
          ],
          icon: "ham",
          dims: "20 x 10 x 10 cm",
        },
        {
          name: ["Salchichas", "Frankfurters"],
          variants: [
            ["Bravo", "", 3.2, "500 g"],
            ["Oscar Mayer", "", 4.5, "454 g"],
          ],
          desc: [
            "Salchichas {brand} listas para calentar: perros calientes, arroz salteado o con huevo. Paquete de {size}.",
            "Ready-to-heat {brand} frankfurters for hot dogs, fried rice or with eggs. {size} pack.",
          ],
          features: [
            ["Precocidas", "Precooked"],
            ["Envase al vacío", "Vacuum packed"],
            ["Paquete de {size}", "{size} pack"],
          ],
          icon: "ham",
          dims: "22 x 12 x 3 cm",
        },
        {
          name: ["Chorizo", "Chorizo Sausage"],
          variants: [["Palacios", "", 5.4, "400 g"]],
          desc: [
            "Chorizo {brand} curado con pimentón, para potajes, paella o para picar. Pieza de {size}.",
            "{brand} chorizo cured with paprika, for stews, paella or snacking. {size} piece.",
          ],
          features: [
            ["Curado al estilo español", "Spanish-style cured"],
            ["No necesita refrigeración antes de abrir", "No refrigeration needed before opening"],
            ["Pieza de {size}", "{size} piece"],
          ],
          icon: "ham",
          dims: "25 x 8 x 4 cm",
        },
        {
          name: ["Hamburguesas de res", "Beef Burgers"],
          variants: [["Bravo", "", 6.2, ["10 unidades", "10 pack"]]],
          desc: [
            "Hamburguesas de res {brand} congeladas, listas para la plancha en pocos minutos. Caja de 10 unidades.",
            "Frozen {brand} beef burgers, ready on the griddle in minutes. Box of 10.",
          ],
          features: [
            ["10 unidades de 100 g", "10 patties of 100 g"],
            ["Separadas con papel", "Separated with paper"],
            ["Entrega en nevera", "Delivered in a cooler"],
          ],
          icon: "hamburger",
          weight: "1 kg",
          dims: "24 x 14 x 8 cm",
        },
        {
          name: ["Mortadella", "Mortadella"],
          variants: [["Bravo", "", 3.5, "1 kg"]],
          desc: [
            "Mortadella {brand} para bocaditos y meriendas escolares. Pieza de {size}.",
            "{brand} mortadella for snacks and school lunches. {size} piece.",
          ],
          features: [
            ["Económica y rendidora", "Affordable and versatile"],
            ["Pieza para lasquear", "Piece for slicing"],
            ["Conservar refrigerada", "Keep refrigerated"],
          ],
          icon: "ham",
          dims: "22 x 9 x 9 cm",
        },
      ],
    },
    {
      slug: "lacteos-y-huevos",
      name: ["Lácteos y huevos", "Dairy and eggs"],
      icon: "milk",
      items: [
        {
          name: ["Leche en polvo entera", "Whole Milk Powder"],
          variants: [
            ["Nido", "", 12.5, "800 g"],
            ["La Vaquita", "", 7.9, "1 kg"],
          ],
          desc: [
            "Leche en polvo entera {brand}, fortificada con vitaminas A y D. Se disuelve fácil en agua fría o caliente. {size}.",
            "{brand} whole milk powder, fortified with vitamins A and D. Dissolves easily in cold or hot water. {size}.",
          ],
          features: [
            ["Fortificada con vitaminas A y D", "Fortified with vitamins A and D"],
            ["Rinde unos 7 litros por kg", "Makes about 7 litres per kg"],
            ["Envase hermético", "Airtight container"],
          ],
          icon: "milk",
          dims: "12 x 12 x 18 cm",
          wholesale: true,
        },
        {
          name: ["Leche condensada", "Sweetened Condensed Milk"],
          variants: [["Nestlé", "La Lechera", 2.3, "397 g"]],
          desc: [
            "Leche condensada {brand} para flan, dulce de leche y batidos. Lata de {size}.",
            "{brand} sweetened condensed milk for flan, dulce de leche and milkshakes. {size} can.",
          ],
          features: [
            ["Lata de {size}", "{size} can"],
            ["Ideal para flan", "Ideal for flan"],
            ["Abre fácil", "Easy-open lid"],
          ],
          icon: "milk",
          dims: "8 x 8 x 8 cm",
        },
        {
          name: ["Leche evaporada", "Evaporated Milk"],
          variants: [["Carnation", "", 1.9, "354 ml"]],
          desc: [
            "Leche evaporada {brand} para café con leche cremoso y postres. Lata de {size}.",
            "{brand} evaporated milk for creamy café con leche and desserts. {size} can.",
          ],
          features: [
            ["Textura cremosa", "Creamy texture"],
            ["Larga duración sin refrigerar", "Shelf-stable"],
            ["Lata de {size}", "{size} can"],
          ],
          icon: "milk",
          dims: "7 x 7 x 10 cm",
        },
        {
          name: ["Yogur natural", "Plain Yogurt"],
          variants: [["Danone", "", 3.4, "1 L"]],
          desc: [
            "Yogur natural {brand} sin azúcar añadida, para el desayuno de los niños o con frutas. Envase de {size}.",
            "{brand} plain yogurt with no added sugar, for the kids' breakfast or with fruit. {size} tub.",
          ],
          features: [
            ["Sin azúcar añadida", "No added sugar"],
            ["Con cultivos vivos", "Live cultures"],
            ["Conservar refrigerado", "Keep refrigerated"],
          ],
          icon: "milk",
          dims: "10 x 10 x 20 cm",
        },
        {
          name: ["Queso gouda", "Gouda Cheese"],
          variants: [["Frico", "", 9.5, "1 kg"]],
          desc: [
            "Queso gouda {brand} semicurado, se derrite muy bien en pizzas y sándwiches. Pieza de {size}.",
            "Semi-aged {brand} gouda that melts beautifully on pizza and sandwiches. {size} piece.",
          ],
          features: [
            ["Semicurado", "Semi-aged"],
            ["Ideal para fundir", "Great for melting"],
            ["Pieza de {size}", "{size} piece"],
          ],
          icon: "milk",
          dims: "20 x 10 x 8 cm",
        },
        {
          name: ["Mantequilla con sal", "Salted Butter"],
          variants: [["Président", "", 4.2, "250 g"]],
          desc: [
            "Mantequilla {brand} con sal, para el pan tostado de la mañana y la repostería. Barra de {size}.",
            "{brand} salted butter for morning toast and baking. {size} block.",
          ],
          features: [
            ["Elaborada con crema de leche", "Made with fresh cream"],
            ["Barra de {size}", "{size} block"],
            ["Conservar refrigerada", "Keep refrigerated"],
          ],
          icon: "milk",
          dims: "12 x 7 x 4 cm",
        },
        {
          name: ["Huevos frescos", "Fresh Eggs"],
          variants: [["Granja La Esperanza", "", 8.5, ["30 unidades", "30 count"]]],
          desc: [
            "Cartón de 30 huevos frescos {brand}, tamaño grande. Se entregan con protección para que lleguen enteros.",
            "Tray of 30 large fresh eggs from {brand}. Packed with protection so they arrive intact.",
          ],
          features: [
            ["30 huevos grandes", "30 large eggs"],
            ["Empaque protegido", "Protective packaging"],
            ["De granjas cubanas", "From Cuban farms"],
          ],
          icon: "egg",
          weight: "1.9 kg",
          dims: "30 x 30 x 7 cm",
          wholesale: true,
        },
      ],
    },
    {
      slug: "despensa",
      name: ["Despensa", "Pantry"],
      icon: "soup",
      items: [
        {
          name: ["Aceite vegetal", "Vegetable Oil"],
          variants: [
            ["Mazola", "", 4.9, "1 L"],
            ["Crisco", "", 12.8, "3 L"],
          ],
          desc: [
            "Aceite vegetal {brand} para freír y cocinar a diario. Botella de {size}.",
            "{brand} vegetable oil for everyday frying and cooking. {size} bottle.",
          ],
          features: [
            ["Sin colesterol", "Cholesterol-free"],
            ["Soporta altas temperaturas", "Handles high heat"],
            ["Botella de {size}", "{size} bottle"],
          ],
          icon: "droplet",
          dims: "10 x 8 x 30 cm",
          wholesale: true,
        },
        {
          name: ["Puré de tomate", "Tomato Purée"],
          variants: [
            ["La Conchita", "", 1.2, "400 g"],
            ["Hunt's", "", 1.5, "411 g"],
          ],
          desc: [
            "Puré de tomate {brand} para salsas, spaghetti, picadillo y arroz amarillo. Lata de {size}.",
            "{brand} tomato purée for sauces, spaghetti, ground beef and yellow rice. {size} can.",
          ],
          features: [
            ["Tomates maduros", "Ripe tomatoes"],
            ["Sin conservantes", "No preservatives"],
            ["Lata de {size}", "{size} can"],
          ],
          icon: "soup",
          dims: "8 x 8 x 11 cm",
          wholesale: true,
        },
        {
          name: ["Azúcar refino", "White Sugar"],
          variants: [["Domino", "", 3.2, "2 kg"]],
          desc: [
            "Azúcar refino {brand} para el café, los jugos y los dulces. Bolsa de {size}.",
            "{brand} refined white sugar for coffee, juices and sweets. {size} bag.",
          ],
          features: [
            ["Grano fino", "Fine grain"],
            ["Bolsa de {size}", "{size} bag"],
            ["Se disuelve rápido", "Dissolves quickly"],
          ],
          icon: "candy",
          dims: "25 x 15 x 8 cm",
          wholesale: true,
        },
        {
          name: ["Sal yodada", "Iodised Salt"],
          variants: [["Morton", "", 1.1, "1 kg"]],
          desc: [
            "Sal de mesa yodada {brand}, refinada y de grano fino. Paquete de {size}.",
            "{brand} iodised table salt, refined and fine-grained. {size} pack.",
          ],
          features: [
            ["Con yodo", "With iodine"],
            ["Grano fino", "Fine grain"],
            ["Paquete de {size}", "{size} pack"],
          ],
          icon: "cooking-pot",
          dims: "15 x 10 x 6 cm",
          wholesale: true,
        },
        {
          name: ["Mayonesa", "Mayonnaise"],
          variants: [["Hellmann's", "", 3.8, "443 ml"]],
          desc: [
            "Mayonesa {brand} para ensalada de papa, sándwiches y bocaditos de fiesta. Frasco de {size}.",
            "{brand} mayonnaise for potato salad, sandwiches and party snacks. {size} jar.",
          ],
          features: [
            ["Con huevos de verdad", "Made with real eggs"],
            ["Frasco de {size}", "{size} jar"],
            ["Refrigerar después de abrir", "Refrigerate after opening"],
          ],
          icon: "sandwich",
          dims: "8 x 8 x 14 cm",
        },
        {
          name: ["Sazón completo", "All-purpose Seasoning"],
          variants: [
            ["Badia", "", 2.2, "255 g"],
            ["Goya", "", 1.6, ["8 sobres", "8 sachets"]],
          ],
          desc: [
            "Sazón completo {brand} con ajo, comino y orégano: el toque criollo para carnes, frijoles y arroz.",
            "{brand} all-purpose seasoning with garlic, cumin and oregano: the Creole touch for meat, beans and rice.",
          ],
          features: [
            ["Ajo, comino y orégano", "Garlic, cumin and oregano"],
            ["Sin gluten", "Gluten-free"],
            ["Sabor criollo", "Creole flavour"],
          ],
          icon: "chef-hat",
          weight: "255 g",
          dims: "8 x 8 x 12 cm",
        },
        {
          name: ["Vinagre blanco", "White Vinegar"],
          variants: [["Goya", "", 1.4, "473 ml"]],
          desc: [
            "Vinagre blanco {brand} para encurtidos, ensaladas y mojo criollo. Botella de {size}.",
            "{brand} white vinegar for pickles, salads and Cuban mojo. {size} bottle.",
          ],
          features: [
            ["5 % de acidez", "5% acidity"],
            ["Botella de {size}", "{size} bottle"],
            ["También sirve para limpiar", "Also good for cleaning"],
          ],
          icon: "flask-round",
          dims: "7 x 7 x 22 cm",
        },
        {
          name: ["Atún en aceite", "Tuna in Oil"],
          variants: [["Calvo", "", 2.1, "160 g"]],
          desc: [
            "Atún claro {brand} en aceite vegetal, listo para ensaladas y pastas. Lata de {size}.",
            "{brand} light tuna in vegetable oil, ready for salads and pasta. {size} can.",
          ],
          features: [
            ["Trozos firmes", "Firm chunks"],
            ["Rico en proteína", "High in protein"],
            ["Lata abre fácil", "Easy-open can"],
          ],
          icon: "fish",
          dims: "9 x 9 x 4 cm",
        },
        {
          name: ["Galletas María", "Maria Biscuits"],
          variants: [["Gullón", "", 1.8, "400 g"]],
          desc: [
            "Galletas María {brand}, las de toda la vida para mojar en el café con leche. Paquete de {size}.",
            "Classic {brand} Maria biscuits for dunking in café con leche. {size} pack.",
          ],
          features: [
            ["Paquete de {size}", "{size} pack"],
            ["Ideales para la merienda", "Great for snacks"],
            ["Tubos individuales", "Individual rolls"],
          ],
          icon: "cookie",
          dims: "22 x 7 x 7 cm",
        },
        {
          name: ["Combo básico de alimentos", "Basic Food Bundle"],
          variants: [["Tienda Cuba", "CB-01", 32.0]],
          desc: [
            "Combo básico {brand}: arroz, frijoles negros, aceite, azúcar, spaghetti, puré de tomate y leche en polvo. Pensado para una familia durante una semana.",
            "{brand} basic bundle: rice, black beans, oil, sugar, spaghetti, tomato purée and milk powder. Sized for a family for one week.",
          ],
          features: [
            ["7 productos básicos", "7 staple products"],
            ["Para una familia durante una semana", "Feeds a family for a week"],
            ["Entrega en una sola caja", "Delivered in one box"],
          ],
          icon: "shopping-basket",
          weight: "9 kg",
          dims: "45 x 35 x 25 cm",
        },
        {
          name: ["Caja de pollo y picadillo", "Chicken and Ground Beef Box"],
          variants: [["Tienda Cuba", "CP-03", 49.0]],
          desc: [
            "Caja {brand} con 4.5 kg de muslos de pollo, 2 kg de picadillo de res y 1 kg de salchichas, entregada congelada.",
            "{brand} box with 4.5 kg of chicken leg quarters, 2 kg of ground beef and 1 kg of frankfurters, delivered frozen.",
          ],
          features: [
            ["7.5 kg de proteína", "7.5 kg of protein"],
            ["Entrega en nevera", "Delivered in a cooler"],
            ["Ahorra frente a comprar por separado", "Saves versus buying separately"],
          ],
          icon: "drumstick",
          weight: "7.5 kg",
          dims: "45 x 35 x 25 cm",
        },
        {
          name: ["Combo familiar de alimentos", "Family Food Bundle"],
          variants: [["Tienda Cuba", "CF-02", 68.0]],
          desc: [
            "Combo familiar {brand}: 5 kg de arroz, 2 kg de frijoles, 3 L de aceite, pollo, picadillo, café Cubita, azúcar y productos de aseo. La compra del mes en un solo pedido.",
            "{brand} family bundle: 5 kg of rice, 2 kg of beans, 3 L of oil, chicken, ground beef, Cubita coffee, sugar and toiletries. The monthly shop in one order.",
          ],
          features: [
            ["Más de 15 productos", "Over 15 products"],
            ["Incluye congelados en nevera", "Frozen items in a cooler"],
            ["Entrega en toda La Habana", "Delivered all over Havana"],
            ["Ideal para enviar a la familia", "Ideal to send to your family"],
          ],
          icon: "shopping-basket",
          weight: "25 kg",
          dims: "60 x 40 x 40 cm",
        },
      ],
    },
  ],
};

export const bebidas: CategorySpec = {
  slug: "bebidas",
  name: ["Bebidas y café", "Drinks and coffee"],
  icon: "coffee",
  accent: "#7c2d12",
  subcategories: [
    {
      slug: "cafe",
      name: ["Café", "Coffee"],
      icon: "coffee",
      items: [
        {
          name: ["Café molido", "Ground Coffee"],
          variants: [
            ["Cubita", "", 4.5, "250 g"],
            ["Serrano", "", 4.9, "250 g"],
            ["La Llave", "", 5.5, "283 g"],
            ["Bustelo", "", 5.8, "283 g"],
          ],
          desc: [
            "Café molido {brand}, tueste oscuro y aroma intenso, para cafetera italiana o colado. Paquete de {size}.",
            "{brand} ground coffee, dark roast with an intense aroma, for a moka pot or drip. {size} pack.",
          ],
          features: [
            ["Tueste oscuro", "Dark roast"],
            ["Molido para cafetera italiana", "Ground for moka pots"],
            ["Envase al vacío", "Vacuum sealed"],
          ],
          icon: "coffee",
          dims: "15 x 9 x 5 cm",
          wholesale: true,
        },
        {
          name: ["Café en grano", "Whole Bean Coffee"],
          variants: [["Cubita", "", 12.9, "1 kg"]],
          desc: [
            "Café en grano {brand} cultivado en las montañas del oriente cubano. Bolsa de {size} con válvula.",
            "{brand} whole bean coffee grown in the mountains of eastern Cuba. {size} bag with valve.",
          ],
          features: [
            ["100 % arábica cubano", "100% Cuban arabica"],
            ["Bolsa con válvula", "Bag with degassing valve"],
            ["Muélelo al momento", "Grind it fresh"],
          ],
          icon: "coffee",
          dims: "28 x 14 x 8 cm",
        },
        {
          name: ["Chocolate en polvo", "Chocolate Drink Mix"],
          variants: [["Nesquik", "", 4.8, "400 g"]],
          desc: [
            "Chocolate en polvo {brand} para la leche de los niños. Envase de {size}.",
            "{brand} chocolate drink mix for the kids' milk. {size} canister.",
          ],
          features: [
            ["Con vitaminas y minerales", "With vitamins and minerals"],
            ["Se disuelve en leche fría", "Dissolves in cold milk"],
            ["Envase de {size}", "{size} canister"],
          ],
          icon: "cup-soda",
          dims: "11 x 11 x 15 cm",
        },
      ],
    },
    {
      slug: "refrescos-y-jugos",
      name: ["Refrescos, jugos y agua", "Soft drinks, juices and water"],
      icon: "cup-soda",
      items: [
        {
          name: ["Refresco de cola", "Soft Drink"],
          variants: [
            ["Tukola", "", 1.0, "355 ml"],
            ["Coca-Cola", "", 2.6, "2 L"],
          ],
          desc: [
            "Refresco de cola {brand} bien frío para acompañar la comida. Envase de {size}.",
            "{brand} cola, best served ice cold with a meal. {size}.",
          ],
          features: [
            ["Envase de {size}", "{size}"],
            ["Sírvase frío", "Serve chilled"],
            ["Ideal para fiestas", "Great for parties"],
          ],
          icon: "cup-soda",
          dims: "10 x 10 x 30 cm",
          wholesale: true,
        },
        {
          name: ["Néctar de guayaba", "Guava Nectar"],
          variants: [["Goya", "", 1.9, "1 L"]],
          desc: [
            "Néctar de guayaba {brand} con pulpa de fruta tropical. Caja de {size}.",
            "{brand} guava nectar made with tropical fruit pulp. {size} carton.",
          ],
          features: [
            ["Con pulpa de fruta", "With fruit pulp"],
            ["Sin colorantes artificiales", "No artificial colours"],
            ["Caja de {size}", "{size} carton"],
          ],
          icon: "citrus",
          dims: "9 x 6 x 20 cm",
        },
        {
          name: ["Malta", "Malt Beverage"],
          variants: [["Bucanero", "", 1.1, "355 ml"]],
          desc: [
            "Malta {brand}, bebida de cebada sin alcohol, dulce y nutritiva. Lata de {size}.",
            "{brand} malta, a sweet, non-alcoholic barley drink. {size} can.",
          ],
          features: [
            ["Sin alcohol", "Alcohol-free"],
            ["Hecha en Cuba", "Made in Cuba"],
            ["Lata de {size}", "{size} can"],
          ],
          icon: "beer",
          dims: "7 x 7 x 12 cm",
        },
        {
          name: ["Agua mineral natural", "Natural Mineral Water"],
          variants: [["Ciego Montero", "", 1.2, "1.5 L"]],
          desc: [
            "Agua mineral natural {brand}, de manantial cubano. Botella de {size}.",
            "{brand} natural mineral water from a Cuban spring. {size} bottle.",
          ],
          features: [
            ["De manantial", "Spring water"],
            ["Baja en sodio", "Low sodium"],
            ["Botella de {size}", "{size} bottle"],
          ],
          icon: "glass-water",
          dims: "9 x 9 x 32 cm",
          wholesale: true,
        },
        {
          name: ["Refresco en polvo", "Powdered Drink Mix"],
          variants: [["Tang", "", 1.0, "25 g"]],
          desc: [
            "Refresco en polvo {brand} sabor naranja: un sobre rinde un litro. Sobre de {size}.",
            "{brand} orange powdered drink mix: one sachet makes a litre. {size} sachet.",
          ],
          features: [
            ["Rinde 1 litro", "Makes 1 litre"],
            ["Con vitamina C", "With vitamin C"],
            ["Sabor naranja", "Orange flavour"],
          ],
          icon: "citrus",
          dims: "12 x 9 x 1 cm",
        },
      ],
    },
    {
      slug: "cervezas-y-licores",
      name: ["Cervezas y licores", "Beer and spirits"],
      icon: "beer",
      items: [
        {
          name: ["Cerveza", "Beer"],
          variants: [
            ["Cristal", "", 1.3, "355 ml"],
            ["Bucanero", "", 1.4, "355 ml"],
            ["Cristal", "", 28.0, "24 x 355 ml"],
          ],
          desc: [
            "Cerveza {brand} bien fría, la más pedida en Cuba. {size}.",
            "Ice-cold {brand} beer, a Cuban favourite. {size}.",
          ],
          features: [
            ["Hecha en Cuba", "Made in Cuba"],
            ["Sírvase bien fría", "Serve ice cold"],
            ["Venta solo a mayores de 18 años", "Sold to adults over 18 only"],
          ],
          icon: "beer",
          dims: "7 x 7 x 12 cm",
        },
        {
          name: ["Ron añejo", "Aged Rum"],
          variants: [
            ["Havana Club", "Añejo 7 Años", 24.0, "700 ml"],
            ["Santiago de Cuba", "Añejo", 18.0, "700 ml"],
          ],
          desc: [
            "Ron añejo {brand}, suave y con notas de madera, para tomar solo o con hielo. Botella de {size}.",
            "{brand} aged rum, smooth with woody notes, to sip neat or on the rocks. {size} bottle.",
          ],
          features: [
            ["Añejado en barricas de roble", "Aged in oak barrels"],
            ["Botella de {size}", "{size} bottle"],
            ["Venta solo a mayores de 18 años", "Sold to adults over 18 only"],
          ],
          icon: "wine",
          weight: "1.2 kg",
          dims: "9 x 9 x 30 cm",
        },
        {
          name: ["Ron blanco", "White Rum"],
          variants: [["Havana Club", "3 Años", 11.0, "700 ml"]],
          desc: [
            "Ron blanco {brand}, la base del mojito y el daiquirí. Botella de {size}.",
            "{brand} white rum, the base of the mojito and the daiquiri. {size} bottle.",
          ],
          features: [
            ["Ideal para cócteles", "Ideal for cocktails"],
            ["Botella de {size}", "{size} bottle"],
            ["Venta solo a mayores de 18 años", "Sold to adults over 18 only"],
          ],
          icon: "martini",
          weight: "1.2 kg",
          dims: "9 x 9 x 30 cm",
        },
        {
          name: ["Vino tinto", "Red Wine"],
          variants: [["Concha y Toro", "Casillero del Diablo", 8.5, "750 ml"]],
          desc: [
            "Vino tinto {brand} cabernet sauvignon, ideal con carnes rojas. Botella de {size}.",
            "{brand} cabernet sauvignon, ideal with red meat. {size} bottle.",
          ],
          features: [
            ["Cabernet sauvignon", "Cabernet sauvignon"],
            ["Botella de {size}", "{size} bottle"],
            ["Venta solo a mayores de 18 años", "Sold to adults over 18 only"],
          ],
          icon: "wine",
          weight: "1.3 kg",
          dims: "8 x 8 x 31 cm",
        },
      ],
    },
  ],
};
